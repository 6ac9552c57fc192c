import type { StateCreator } from 'zustand';
import * as api from '../api/reviews.ts';
import type { Review, ReviewInput } from '../api/types.ts';
import type { Store } from './index.ts';

// A review write changes the shopper's own review list here, and nothing else: the
// product's rating, its reviews and the shelves that show it are fetched again by the
// pages that show them, when they open (docs/rules.md#reviews).
export interface ReviewsSlice {
  reviews: {
    /** The signed-in shopper's reviews, newest first. */
    mine: Review[];
    loaded: boolean;
  };
  listMyReviews: () => Promise<void>;
  createReview: (productId: number, input: ReviewInput) => Promise<Review>;
  updateReview: (reviewId: number, input: ReviewInput) => Promise<Review>;
  deleteReview: (reviewId: number) => Promise<void>;
}

export const emptyReviews = (): ReviewsSlice['reviews'] => ({ mine: [], loaded: false });

export const createReviewsSlice: StateCreator<Store, [], [], ReviewsSlice> = (set) => ({
  reviews: emptyReviews(),
  listMyReviews: async () => {
    const mine = await api.listMyReviews();
    set({ reviews: { mine, loaded: true } });
  },
  createReview: async (productId, input) => {
    const review = await api.createReview(productId, input);
    set((s) => ({ reviews: { ...s.reviews, mine: [review, ...s.reviews.mine] } }));
    return review;
  },
  updateReview: async (reviewId, input) => {
    const review = await api.updateReview(reviewId, input);
    set((s) => ({
      reviews: { ...s.reviews, mine: s.reviews.mine.map((r) => (r.id === reviewId ? review : r)) },
    }));
    return review;
  },
  deleteReview: async (reviewId) => {
    await api.deleteReview(reviewId);
    set((s) => ({ reviews: { ...s.reviews, mine: s.reviews.mine.filter((r) => r.id !== reviewId) } }));
  },
});
