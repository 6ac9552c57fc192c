import { usePageTitle } from '../components/usePageTitle.ts';
import { LegalLinks } from '../features/marketing/weeklyad/LegalLinks.tsx';
import { WeeklyAdBanners } from '../features/marketing/weeklyad/WeeklyAdBanners.tsx';
import { WeeklyAdHero } from '../features/marketing/weeklyad/WeeklyAdHero.tsx';

export default function WeeklyAdPage() {
  usePageTitle('Weekly Ad');
  return (
    <>
      <WeeklyAdHero />
      <WeeklyAdBanners />
      <LegalLinks />
    </>
  );
}
