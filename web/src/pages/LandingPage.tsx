import { usePageTitle } from '../components/usePageTitle.ts';
import { CategoryGrid } from '../features/catalog/CategoryGrid.tsx';
import { HolidayDeals } from '../features/catalog/HolidayDeals.tsx';
import { PromoPanels } from '../features/catalog/PromoPanels.tsx';
import styles from './LandingPage.module.css';

const HOLIDAY_DEPARTMENT = 5;

export function LandingPage() {
  usePageTitle();
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <p className={styles.kicker}>Holiday deals are here</p>
        <h1 id="hero-title" className={styles.title}>
          Up to 50% off gifts for everyone on your list
        </h1>
        <p className={styles.sub}>Save $50 on select electronics and video games. Free delivery, every order.</p>
      </section>
      <PromoPanels />
      <HolidayDeals departmentId={HOLIDAY_DEPARTMENT} />
      <CategoryGrid />
    </>
  );
}
