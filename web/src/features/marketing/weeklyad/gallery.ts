/** Where the weekly ad viewer is: whether it is open, and which page (from 0) it shows. */
export interface GalleryState {
  open: boolean;
  page: number;
}

export type GalleryAction = 'open' | 'close' | 'next' | 'previous';

export const closedGallery: GalleryState = { open: false, page: 0 };

/**
 * The viewer always opens on the cover, and paging wraps around at either end, so the
 * Previous and Next buttons never turn disabled under the keyboard focus.
 */
export function stepGallery(state: GalleryState, action: GalleryAction, pageCount: number): GalleryState {
  switch (action) {
    case 'open':
      return { open: true, page: 0 };
    case 'close':
      return { ...state, open: false };
    case 'next':
      return { ...state, page: (state.page + 1) % pageCount };
    case 'previous':
      return { ...state, page: (state.page - 1 + pageCount) % pageCount };
  }
}

/** "Page 2 of 4" for the second of four pages. */
export const pageLabel = (page: number, pageCount: number) => `Page ${page + 1} of ${pageCount}`;
