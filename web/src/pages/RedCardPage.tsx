import { usePageTitle } from '../components/usePageTitle.ts';
import { ApplyPanel } from '../features/marketing/redcard/ApplyPanel.tsx';
import { CardComparison } from '../features/marketing/redcard/CardComparison.tsx';
import { DebitCardPanel } from '../features/marketing/redcard/DebitCardPanel.tsx';
import { EverydayBenefits } from '../features/marketing/redcard/EverydayBenefits.tsx';
import { RedCardHero } from '../features/marketing/redcard/RedCardHero.tsx';
import { RewardsTeaser } from '../features/marketing/redcard/RewardsTeaser.tsx';
import { SavingsStats } from '../features/marketing/redcard/SavingsStats.tsx';

export default function RedCardPage() {
  usePageTitle('RedCard');
  return (
    <>
      <RedCardHero />
      <SavingsStats />
      <CardComparison />
      <EverydayBenefits />
      <DebitCardPanel />
      <RewardsTeaser />
      <ApplyPanel />
    </>
  );
}
