import { usePageTitle } from '../components/usePageTitle.ts';
import { EarnAndRedeem } from '../features/marketing/square/EarnAndRedeem.tsx';
import { RedCardPanel } from '../features/marketing/square/RedCardPanel.tsx';
import { SquareBenefits } from '../features/marketing/square/SquareBenefits.tsx';
import { SquareHero } from '../features/marketing/square/SquareHero.tsx';
import { useStore } from '../store/index.ts';

export default function SquarePage() {
  usePageTitle('Market Square');
  const loaded = useStore((s) => s.session.loaded);
  const signedIn = useStore((s) => s.session.user !== null);
  const firstName = useStore((s) => s.session.user?.firstName);
  return (
    <>
      <SquareHero loaded={loaded} signedIn={signedIn} firstName={firstName} />
      <SquareBenefits />
      <EarnAndRedeem />
      <RedCardPanel />
    </>
  );
}
