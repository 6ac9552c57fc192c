// Run inside the server, never in a browser: the app's own render of a catalog page's
// (or a shopper's checkout's) first screen, by QuickJS embedded in the binary (src/storefront/render.rs). The server
// calls `renderPage(url, answers)` with the address and the same API answers it writes
// into the page for the app (api/firstAnswers.ts); the store begins with them as the
// app's does (store/firstAnswers.ts), so this render is the app's first render, and the
// app takes over the same markup. What QuickJS lacks of a browser (src/server/globals.ts)
// is run before this script (web/build.mjs).
import { renderToString } from 'react-dom/server.browser';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
  type Location,
  type RouteObject,
  type StaticHandlerContext,
} from 'react-router-dom';
import { withAliases, type FirstAnswer } from './api/firstAnswers.ts';
import { Layout } from './app/layout.tsx';
import { paths } from './lib/paths.ts';
import CheckoutPage from './pages/CheckoutPage.tsx';
import DepartmentPage from './pages/DepartmentPage.tsx';
import ProductPage from './pages/ProductPage.tsx';
import SearchPage from './pages/SearchPage.tsx';
import { beginWith } from './store/firstAnswers.ts';
import { useStore } from './store/index.ts';

const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: paths.department, element: <DepartmentPage /> },
      { path: paths.product, element: <ProductPage /> },
      { path: paths.search, element: <SearchPage /> },
      // Drawn only for the shopper signed in, from their own answers (src/storefront/checkout.rs).
      { path: paths.checkout, element: <CheckoutPage /> },
    ],
  },
];

const ORIGIN = 'http://market.invalid';
const handler = createStaticHandler(routes);

/**
 * What the static handler's `query` answers for `location`, made here without its
 * `Request` (QuickJS has no fetch API): these routes have no loaders or actions, so
 * the context is the matched routes and nothing else.
 */
function contextFor(location: Location): StaticHandlerContext | undefined {
  const matches = matchRoutes(handler.dataRoutes, location);
  if (!matches) return undefined;
  return {
    basename: '/',
    location,
    matches,
    loaderData: {},
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
  };
}

/** The first screen of `url` (a path and query) given the page's answers, as JSON; '' for an address that has none here. */
function renderPage(url: string, answers: string): string {
  useStore.setState(useStore.getInitialState(), true);
  // Under the addresses the app asks them at too, as in the browser.
  const carried = [...withAliases(JSON.parse(answers) as Record<string, FirstAnswer>)];
  beginWith(
    useStore,
    carried.filter(([, a]) => a.status === 200).map(([address, a]) => [address, a.body]),
  );
  const at = new URL(url, ORIGIN);
  const location: Location = { pathname: at.pathname, search: at.search, hash: '', state: null, key: 'default' };
  const context = contextFor(location);
  if (!context) return '';
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

(globalThis as unknown as { renderPage: typeof renderPage }).renderPage = renderPage;
