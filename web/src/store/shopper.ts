// What belongs to the signed-in shopper, emptied whenever the shopper changes.
import { emptyAccount, emptyInbox } from './account.ts';
import { emptyAddresses } from './addresses.ts';
import { emptyCart } from './cart.ts';
import { emptyCheckout } from './checkout.ts';
import { emptyFavorites } from './favorites.ts';
import { emptyOrders } from './orders.ts';
import { emptyReviews } from './reviews.ts';
import { emptyStockAlerts } from './stockAlerts.ts';

export const emptyShopperState = () => ({
  cart: emptyCart(),
  addresses: emptyAddresses(),
  checkout: emptyCheckout(),
  favorites: emptyFavorites(),
  orders: emptyOrders(),
  reviews: emptyReviews(),
  account: emptyAccount(),
  inbox: emptyInbox(),
  stockAlerts: emptyStockAlerts(),
});
