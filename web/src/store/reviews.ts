import type { StateCreator } from 'zustand';
import * as api from '../api/reviews.ts';
import type { Review, ReviewInput } from '../api/types.ts';
import type { Store } from './index.ts';

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

export const createReviewsSlice: StateCreator<Store, [], [], ReviewsSlice> = (set, get) => {
  // A review write moves the product's rating and its review list: fetch both again,
  // quietly, if they were loaded.
  const refreshProduct = (productId: number) => get().refreshProduct(productId);
  return {
    reviews: emptyReviews(),
    listMyReviews: async () => {
      const mine = await api.listMyReviews();
      set({ reviews: { mine, loaded: true } });
    },
    createReview: async (productId, input) => {
      const review = await api.createReview(productId, input);
      set((s) => ({ reviews: { ...s.reviews, mine: [review, ...s.reviews.mine] } }));
      refreshProduct(productId);
      return review;
    },
    updateReview: async (reviewId, input) => {
      const review = await api.updateReview(reviewId, input);
      set((s) => ({
        reviews: { ...s.reviews, mine: s.reviews.mine.map((r) => (r.id === reviewId ? review : r)) },
      }));
      refreshProduct(review.productId);
      return review;
    },
    deleteReview: async (reviewId) => {
      const gone = get().reviews.mine.find((r) => r.id === reviewId);
      await api.deleteReview(reviewId);
      set((s) => ({ reviews: { ...s.reviews, mine: s.reviews.mine.filter((r) => r.id !== reviewId) } }));
      if (gone) refreshProduct(gone.productId);
    },
  };
};
