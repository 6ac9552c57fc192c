// Small, valid API answers for unit tests; pass only the fields a test is about.
import type {
  Address,
  CartLine,
  CheckoutQuote,
  Facets,
  Favorite,
  InboxMail,
  Order,
  OrderLine,
  OrderPayment,
  PaymentMethod,
  PaymentMethodId,
  Refund,
  Review,
  ShippingMethod,
  StockAlert,
  User,
} from '../api/types.ts';

export const user = (over: Partial<User> = {}): User => ({
  id: 1,
  firstName: 'Demo',
  lastName: 'Shopper',
  username: 'demo',
  email: 'demo@market.test',
  createdAt: '2024-01-01T00:00:00Z',
  role: 'shopper',
  ...over,
});

export const cartLine = (cartId: number, productId: number, price = 10): CartLine => ({
  cartId,
  productId,
  departmentId: 5,
  name: `Product ${productId}`,
  price,
  previewImage: '/assets/p.webp',
  variantId: null,
  options: [],
  variantGone: false,
});

/** Favorite ids are far from product ids, so a mix-up between them shows. */
export const favorite = (favoriteId: number, productId: number): Favorite => ({
  id: favoriteId,
  favoriteId,
  productId,
  departmentId: 5,
  name: `Product ${productId}`,
  brand: 'Acme',
  price: 10,
  previewImage: '/assets/p.webp',
  avgRating: 4,
  numReviews: 2,
  priceTo: null,
  hasOptions: false,
  variantId: null,
  options: [],
});

export const order = (id: number, total = 10): Order => ({
  id,
  userId: 1,
  subtotal: total,
  discount: 0,
  discounts: [{ label: 'RedCard 5% Discount', amount: 0 }],
  shipping: 0,
  tax: 0,
  total,
  address: {
    name: 'Demo Shopper',
    line1: '1000 Nicollet Mall',
    line2: '',
    city: 'Minneapolis',
    state: 'MN',
    postalCode: '55403',
    country: 'US',
    phone: '',
  },
  shippingMethod: { id: 1, name: 'Standard delivery', days: '2-4' },
  promotionCode: null,
  status: 'Received',
  createdAt: '2024-01-02T00:00:00Z',
  statusChangedAt: '2024-01-02T00:00:00Z',
  payment: payment({ refundable: total }),
  refunds: [],
  Products: [],
});

/** Paid with the RedCard, nothing refunded yet; pass what differs. */
export const payment = (over: Partial<OrderPayment> = {}): OrderPayment => ({
  method: 'redcard',
  brand: 'RedCard',
  last4: '4821',
  status: 'paid',
  refunded: 0,
  refundable: 10,
  ...over,
});

/** One unit of an order, still out (not back in stock). */
export const orderLine = (lineId: number, productId: number, over: Partial<OrderLine> = {}): OrderLine => ({
  lineId,
  id: productId,
  departmentId: 5,
  name: `Product ${productId}`,
  price: 10,
  previewImage: '/assets/p.webp',
  variantId: null,
  options: [],
  restocked: false,
  ...over,
});

export const refund = (id: number, over: Partial<Refund> = {}): Refund => ({
  id,
  amount: 10,
  reason: 'Damaged in transit',
  createdAt: '2024-01-05T00:00:00Z',
  by: 'clerk',
  ...over,
});

export const review = (id: number, productId: number, title = 'Great'): Review => ({
  id,
  userId: 1,
  productId,
  rating: 5,
  title,
  description: 'Twenty characters ok',
  createdAt: '2024-01-03T00:00:00Z',
  User: { firstName: 'Demo', lastName: 'Shopper', url: '' },
  Product: { id: productId, departmentId: 5, name: `Product ${productId}`, previewImage: '/assets/p.webp' },
});

/** A listing's facets, empty but for what is passed. */
export const facets = (over: Partial<Facets> = {}): Facets => ({
  brands: [],
  ratings: [],
  prices: [],
  inStock: 0,
  options: [],
  ...over,
});

export const address = (id: number, over: Partial<Address> = {}): Address => ({
  id,
  name: 'Ada Lovelace',
  line1: `${id}00 Congress Ave`,
  line2: '',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  country: 'US',
  phone: '',
  isDefault: false,
  ...over,
});

export const shippingMethod = (id: number, over: Partial<ShippingMethod> = {}): ShippingMethod => ({
  id,
  name: 'Standard delivery',
  price: 0,
  freeOver: null,
  days: '2-4',
  isDefault: id === 1,
  ...over,
});

/** A quote of the spec's checkout (the fixed address, the seeded method, no code) unless told otherwise. */
export const quote = (total: number, over: Partial<CheckoutQuote> = {}): CheckoutQuote => ({
  lines: [],
  subtotal: total,
  discounts: [{ label: 'RedCard 5% Discount', amount: 0 }],
  shipping: 0,
  tax: 0,
  taxRate: 0,
  total,
  addressId: null,
  address: order(0).address,
  shippingMethod: shippingMethod(1),
  promotionCode: null,
  paymentMethod: 'redcard',
  ...over,
});

/** A way to pay as the server lists it: the RedCard with its 5%, or a card typed in. */
export const paymentMethod = (id: PaymentMethodId): PaymentMethod =>
  id === 'redcard'
    ? { id, label: 'RedCard debit ending in 4821', discountPercent: 5 }
    : { id, label: 'Credit or debit card' };

export const stockAlert = (id: number, productId: number, over: Partial<StockAlert> = {}): StockAlert => ({
  id,
  productId,
  departmentId: 5,
  variantId: null,
  name: `Product ${productId}`,
  brand: 'Acme',
  price: 10,
  previewImage: '/assets/p.webp',
  options: [],
  createdAt: '2026-11-20T10:00:00Z',
  mailedAt: null,
  ...over,
});

export const inboxMail = (id: number, subject = `Order #${id} confirmed`): InboxMail => ({
  id,
  event: 'order.placed',
  subject,
  createdAt: '2026-11-21T10:00:00Z',
  text: `${subject}\n`,
  html: `<!DOCTYPE html><html><head></head><body><h1>${subject}</h1></body></html>`,
});
