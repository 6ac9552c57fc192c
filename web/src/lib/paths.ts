// Every route of the app in one table, used by the router and by every link.
import { emptyListing, listingSearch } from './listingQuery.ts';

export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  department: '/departments/:departmentId',
  product: '/departments/:departmentId/products/:productId',
  cart: '/cart',
  checkout: '/checkout',
  orderConfirmation: '/order-confirmation/:orderId',
  account: '/account',
  orders: '/account/orders',
  addresses: '/account/addresses',
  accountSettings: '/account/settings',
  // The link mailed to a new e-mail address (`#token=…`).
  confirmEmail: '/account/email',
  inbox: '/account/inbox',
  order: '/orders/:orderId',
  reviews: '/account/reviews',
  addReview: '/products/:productId/add-review',
  editReview: '/reviews/:reviewId/edit',
  favorites: '/favorites',
  weeklyAd: '/weeklyad',
  redCard: '/redcard',
  square: '/square',
  search: '/search',
  // The link of a back-in-stock mail (`?token=…`).
  unsubscribe: '/unsubscribe',
  // The back office (staff only; its own chunks).
  admin: '/admin',
  adminProducts: '/admin/products',
  adminNewProduct: '/admin/products/new',
  adminProduct: '/admin/products/:productId',
  adminImport: '/admin/import',
  adminOrders: '/admin/orders',
  adminOrder: '/admin/orders/:orderId',
  adminReviews: '/admin/reviews',
  adminShipping: '/admin/shipping',
  adminPromotions: '/admin/promotions',
  adminShoppers: '/admin/shoppers',
  adminStaff: '/admin/staff',
  adminAudit: '/admin/audit',
  adminMails: '/admin/mail',
  adminMail: '/admin/mail/:mailId',
} as const;

export type PathName = keyof typeof paths;

export const to = {
  department: (departmentId: number) => `/departments/${departmentId}`,
  /** A product's page; with a variant, the page opens on that choice of its options. */
  product: (departmentId: number, productId: number, variantId?: number | null) =>
    `/departments/${departmentId}/products/${productId}${variantId == null ? '' : `?variant=${variantId}`}`,
  orderConfirmation: (orderId: number) => `/order-confirmation/${orderId}`,
  order: (orderId: number) => `/orders/${orderId}`,
  addReview: (productId: number) => `/products/${productId}/add-review`,
  editReview: (reviewId: number) => `/reviews/${reviewId}/edit`,
  /** The search page for these words, optionally narrowed to brands. */
  search: (q: string, brands: string[] = []) => `/search${listingSearch({ ...emptyListing('search', q), brands })}`,
  adminProduct: (productId: number) => `/admin/products/${productId}`,
  adminOrder: (orderId: number) => `/admin/orders/${orderId}`,
  adminMail: (mailId: number) => `/admin/mail/${mailId}`,
};
