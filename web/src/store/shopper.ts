// What belongs to the signed-in shopper, emptied whenever the shopper changes.
import { emptyCart } from './cart.ts';
import { emptyFavorites } from './favorites.ts';
import { emptyOrders } from './orders.ts';
import { emptyReviews } from './reviews.ts';

export const emptyShopperState = () => ({
  cart: emptyCart(),
  favorites: emptyFavorites(),
  orders: emptyOrders(),
  reviews: emptyReviews(),
});
