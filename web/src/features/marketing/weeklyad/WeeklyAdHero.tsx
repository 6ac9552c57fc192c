import { useReducer } from 'react';
import { Button } from '../../../components/Button.tsx';
import { AdGallery } from './AdGallery.tsx';
import { adPages } from './adPages.ts';
import { closedGallery, stepGallery, type GalleryAction, type GalleryState } from './gallery.ts';
import styles from './weeklyad.module.css';

export function WeeklyAdHero() {
  const [gallery, dispatch] = useReducer(
    (state: GalleryState, action: GalleryAction) => stepGallery(state, action, adPages.length),
    closedGallery,
  );
  return (
    <section className={styles.hero} aria-labelledby="weeklyad-title">
      <div className={styles.heroText}>
        <p className={styles.kicker}>This week at Market</p>
        <h1 id="weeklyad-title" className={styles.title}>
          Weekly Ad
        </h1>
        <p className={styles.valid}>Prices Valid Jan 1 - Jan 7</p>
        <DaysToSave />
        <Button variant="secondary" className={styles.view} onClick={() => dispatch('open')}>
          View
        </Button>
      </div>
      <div className={styles.cover}>
        {/* The same pages, with their descriptions, are one click away in the viewer. */}
        <img src={adPages[0]?.src} alt="" width={800} height={1040} />
      </div>
      <AdGallery state={gallery} dispatch={dispatch} />
    </section>
  );
}

/** The spec's counter is a fixed "07": the ad is static and computes nothing. */
function DaysToSave() {
  return (
    <p className={styles.counter}>
      <span className="visually-hidden">07 days to save</span>
      <span aria-hidden="true" className={styles.digits}>
        <span>0</span>
        <span>7</span>
      </span>
      <span aria-hidden="true" className={styles.counterText}>
        days to save
      </span>
    </p>
  );
}
