import type { KeyboardEvent } from 'react';
import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { adPages } from './adPages.ts';
import { pageLabel, type GalleryAction, type GalleryState } from './gallery.ts';
import styles from './weeklyad.module.css';

interface Props {
  state: GalleryState;
  dispatch: (action: GalleryAction) => void;
}

/** The ad's pages one at a time, in a modal; the native dialog hands focus back to View on close. */
export function AdGallery({ state, dispatch }: Props) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') dispatch('next');
    if (e.key === 'ArrowLeft') dispatch('previous');
  };
  return (
    <div className={styles.galleryHost}>
      <Dialog open={state.open} onClose={() => dispatch('close')} label="Weekly ad pages">
        <div className={styles.gallery} onKeyDown={onKeyDown}>
          <div className={styles.galleryBar}>
            <h2 className={styles.galleryTitle}>Weekly Ad · Jan 1 - Jan 7</h2>
            <button type="button" className={styles.close} onClick={() => dispatch('close')} aria-label="Close">
              <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          {/* Every page is fetched once the gallery opens and only the current one is shown:
              paging is then instant, and no page's download is cut off by a shopper who
              pages on before it arrives (one <img> whose src changed would cancel it). */}
          {adPages.map((page, index) => (
            <img
              key={page.src}
              className={styles.page}
              src={page.src}
              alt={page.alt}
              width={800}
              height={1040}
              hidden={index !== state.page}
            />
          ))}
          <div className={styles.pager}>
            <Button variant="secondary" size="small" onClick={() => dispatch('previous')}>
              <span aria-hidden="true">‹</span>
              <span className={styles.pagerWord}>Previous</span>
            </Button>
            <p className={styles.pageLabel} aria-live="polite">
              {pageLabel(state.page, adPages.length)}
            </p>
            <Button variant="secondary" size="small" onClick={() => dispatch('next')}>
              <span className={styles.pagerWord}>Next</span>
              <span aria-hidden="true">›</span>
            </Button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
