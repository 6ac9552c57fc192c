import type { StoreApi } from 'zustand';
import type {
  Addresses,
  Cart,
  CheckoutQuote,
  DepartmentWithProducts,
  Departments,
  Favorites,
  PaymentMethods,
  Product,
  Reviews,
  SearchResults,
  SessionUser,
  ShippingMethods,
} from '../api/types.ts';
import { fromServer } from './cart.ts';
import type { Store } from './index.ts';

/**
 * A shopper's own answers, which only their checkout's page carries
 * (src/storefront/checkout.rs), each put where its action would put it.
 */
const own: Record<string, (store: StoreApi<Store>, body: unknown) => void> = {
  '/api/session': (store, body) => {
    const { user, demo } = body as SessionUser;
    store.setState((s) => ({ session: { ...s.session, user, demo: demo ?? null, loaded: true } }));
  },
  '/api/cart': (store, body) => store.setState({ cart: fromServer(body as Cart) }),
  '/api/favorites': (store, body) =>
    store.setState((s) => ({ favorites: { ...s.favorites, list: (body as Favorites).Products, loaded: true } })),
  '/api/addresses': (store, body) => store.setState({ addresses: { list: (body as Addresses).Addresses, loaded: true } }),
  '/api/shipping-methods': (store, body) =>
    store.setState((s) => ({
      checkout: { ...s.checkout, methods: (body as ShippingMethods).ShippingMethods, methodsLoaded: true },
    })),
  '/api/payment-methods': (store, body) =>
    store.setState((s) => ({
      checkout: { ...s.checkout, paymentMethods: (body as PaymentMethods).PaymentMethods, paymentMethodsLoaded: true },
    })),
  // The quote for no choice (`POST /api/checkout/quote {}`), the checkout's first.
  '/api/checkout/quote': (store, body) =>
    store.setState((s) => ({ checkout: { ...s.checkout, quote: body as CheckoutQuote, quoteCarried: true } })),
};

/**
 * The store as it begins when the page came with answers (api/firstAnswers.ts): each
 * put where its action would have put it, under the same key, so the screen renders
 * its data on the first paint. An address not listed here is simply not used.
 */
export function beginWith(store: StoreApi<Store>, answers: [string, unknown][]) {
  for (const [url, body] of answers) {
    const at = url.indexOf('?');
    const [path, query] = at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at + 1)];
    let match: RegExpExecArray | null;
    if (own[url]) {
      own[url](store, body);
    } else if (path === '/api/departments') {
      const list = (body as Departments).Departments;
      store.setState((s) => ({ departments: { ...s.departments, list } }));
    } else if ((match = /^\/api\/departments\/(\d+)\/products$/.exec(path))) {
      // As departmentListingKey writes it.
      const key = `${match[1]}?${query}`;
      const listing = body as DepartmentWithProducts;
      store.setState((s) => ({ departments: { ...s.departments, listings: { ...s.departments.listings, [key]: listing } } }));
    } else if ((match = /^\/api\/products\/(\d+)$/.exec(path))) {
      const id = Number(match[1]);
      store.setState((s) => ({ products: { ...s.products, byId: { ...s.products.byId, [id]: body as Product } } }));
    } else if ((match = /^\/api\/products\/(\d+)\/reviews$/.exec(path))) {
      const id = Number(match[1]);
      const list = (body as Reviews).Reviews;
      store.setState((s) => ({ products: { ...s.products, reviews: { ...s.products.reviews, [id]: list } } }));
    } else if (path === '/api/search') {
      // As searchKey writes it.
      const key = `?${query}`;
      store.setState((s) => ({ products: { ...s.products, searches: { ...s.products.searches, [key]: body as SearchResults } } }));
    }
  }
}
