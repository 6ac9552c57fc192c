import { del, get, post, put } from './client.ts';
import type { Deleted, Review, ReviewInput, Reviews } from './types.ts';

export const listProductReviews = (productId: number) =>
  get<Reviews>(`/api/products/${productId}/reviews`).then((r) => r.Reviews);
export const createReview = (productId: number, input: ReviewInput) =>
  post<Review>(`/api/products/${productId}/reviews`, input);
export const listMyReviews = () => get<Reviews>('/api/reviews/current').then((r) => r.Reviews);
export const updateReview = (reviewId: number, input: ReviewInput) => put<Review>(`/api/reviews/${reviewId}`, input);
export const deleteReview = (reviewId: number) => del<Deleted>(`/api/reviews/${reviewId}`);
