import type { ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { paths } from '../lib/paths.ts';
import { LandingPage } from '../pages/LandingPage.tsx';
import { AfterSession, GuestOnly, RequireStaff, RequireUser } from './guards.tsx';
import { Layout } from './layout.tsx';

// Every screen but the landing page is its own chunk, fetched on first visit. The
// router fetches it before it shows the screen (route `lazy`), so a screen never
// flashes a placeholder while its code arrives; the server lists the chunk of the
// address it answers (src/storefront/), so on a first visit the entry fetches it with
// the app's own.
type Load = () => Promise<{ default: ComponentType }>;

/**
 * Who a screen is for. `public`: everyone, shown at once (the catalog and marketing
 * screens, the same for every visitor); `guest`: sign-in and sign-up, shown at once and
 * left for home once the session check finds a shopper; `anyone`: everyone, shown once
 * the session check has settled (what it shows depends on who is signed in);
 * `shopper`: signed-in shoppers only; `staff`: the back office, for accounts with a staff
 * role (viewer, staff, owner), once the session check has settled: sign-in for a visitor,
 * the not-found page for a shopper.
 */
type Access = 'public' | 'guest' | 'anyone' | 'shopper' | 'staff';

const screens: [string, Load, Access][] = [
  [paths.login, () => import('../pages/LoginPage.tsx'), 'guest'],
  [paths.signup, () => import('../pages/SignupPage.tsx'), 'guest'],
  [paths.forgotPassword, () => import('../pages/ForgotPasswordPage.tsx'), 'guest'],
  // Opened from a mail, perhaps while someone else is signed in here: shown to everyone.
  [paths.resetPassword, () => import('../pages/ResetPasswordPage.tsx'), 'public'],
  [paths.department, () => import('../pages/DepartmentPage.tsx'), 'public'],
  [paths.product, () => import('../pages/ProductPage.tsx'), 'public'],
  [paths.search, () => import('../pages/SearchPage.tsx'), 'public'],
  // A visitor's cart and favorites pages ask them to sign in; checkout sends them to the cart.
  [paths.cart, () => import('../pages/CartPage.tsx'), 'anyone'],
  [paths.checkout, () => import('../pages/CheckoutPage.tsx'), 'anyone'],
  [paths.orderConfirmation, () => import('../pages/OrderConfirmationPage.tsx'), 'shopper'],
  [paths.account, () => import('../pages/AccountPage.tsx'), 'shopper'],
  [paths.orders, () => import('../pages/OrdersPage.tsx'), 'shopper'],
  [paths.addresses, () => import('../pages/AddressesPage.tsx'), 'shopper'],
  [paths.accountSettings, () => import('../pages/AccountSettingsPage.tsx'), 'shopper'],
  [paths.inbox, () => import('../pages/InboxPage.tsx'), 'shopper'],
  // Opened from a mail, signed in or not (perhaps as someone else): shown to everyone.
  [paths.confirmEmail, () => import('../pages/EmailConfirmationPage.tsx'), 'public'],
  [paths.unsubscribe, () => import('../pages/UnsubscribePage.tsx'), 'public'],
  [paths.order, () => import('../pages/OrderPage.tsx'), 'shopper'],
  [paths.reviews, () => import('../pages/MyReviewsPage.tsx'), 'shopper'],
  [paths.addReview, () => import('../pages/AddReviewPage.tsx'), 'shopper'],
  [paths.editReview, () => import('../pages/EditReviewPage.tsx'), 'shopper'],
  [paths.favorites, () => import('../pages/FavoritesPage.tsx'), 'anyone'],
  [paths.weeklyAd, () => import('../pages/WeeklyAdPage.tsx'), 'public'],
  [paths.redCard, () => import('../pages/RedCardPage.tsx'), 'public'],
  // Its hero offers sign-in to visitors only; the offer's room is kept until the session
  // check says who is here (SquareHero).
  [paths.square, () => import('../pages/SquarePage.tsx'), 'public'],
];

const guard = (access: Access, Screen: ComponentType) => {
  if (access === 'public') return <Screen />;
  if (access === 'guest')
    return (
      <GuestOnly>
        <Screen />
      </GuestOnly>
    );
  if (access === 'staff')
    return (
      <AfterSession>
        <RequireStaff>
          <Screen />
        </RequireStaff>
      </AfterSession>
    );
  return <AfterSession>{access === 'shopper' ? <RequireUser>{<Screen />}</RequireUser> : <Screen />}</AfterSession>;
};

const guarded = (load: Load, access: Access) => async () => {
  const { default: Screen } = await load();
  return { element: guard(access, Screen) };
};

const screen = (path: string, load: Load, access: Access): RouteObject => ({ path, lazy: guarded(load, access) });

// The back office: a frame (its sub-navigation, a viewer's note) guarded once for staff,
// around screens of its own, every one a chunk that a shopper's visit never fetches.
const adminScreens: [string, Load][] = [
  [paths.adminProducts, () => import('../admin/pages/ProductsPage.tsx')],
  [paths.adminNewProduct, () => import('../admin/pages/ProductEditorPage.tsx')],
  [paths.adminProduct, () => import('../admin/pages/ProductEditorPage.tsx')],
  [paths.adminImport, () => import('../admin/pages/ImportPage.tsx')],
  [paths.adminOrders, () => import('../admin/pages/OrdersPage.tsx')],
  [paths.adminOrder, () => import('../admin/pages/OrderPage.tsx')],
  [paths.adminReviews, () => import('../admin/pages/ReviewsPage.tsx')],
  [paths.adminShipping, () => import('../admin/pages/ShippingPage.tsx')],
  [paths.adminPromotions, () => import('../admin/pages/PromotionsPage.tsx')],
  [paths.adminShoppers, () => import('../admin/pages/ShoppersPage.tsx')],
  [paths.adminStaff, () => import('../admin/pages/StaffPage.tsx')],
  [paths.adminAudit, () => import('../admin/pages/AuditPage.tsx')],
  [paths.adminMails, () => import('../admin/pages/MailPage.tsx')],
  [paths.adminMail, () => import('../admin/pages/MailViewPage.tsx')],
];

const inFrame = (load: Load) => async () => ({ Component: (await load()).default });

const admin: RouteObject = {
  path: paths.admin,
  lazy: guarded(() => import('../admin/pages/AdminLayout.tsx'), 'staff'),
  children: [
    { index: true, lazy: inFrame(() => import('../admin/pages/DashboardPage.tsx')) },
    ...adminScreens.map(([path, load]): RouteObject => ({ path, lazy: inFrame(load) })),
  ],
};

const routes: RouteObject[] = [
  {
    element: <Layout />,
    // Nothing while the first screen's code arrives (it was asked for beside the entry).
    HydrateFallback: Nothing,
    children: [
      { path: paths.home, element: <LandingPage /> },
      ...screens.map(([path, load, access]) => screen(path, load, access)),
      admin,
      screen('*', () => import('../pages/NotFoundPage.tsx'), 'public'),
    ],
  },
];

function Nothing() {
  return null;
}

const router = createBrowserRouter(routes);

/** Settles once the router has loaded the first screen's code (its route's `lazy`). */
export const routerReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    resolve();
  });
});

export function AppRouter() {
  return <RouterProvider router={router} />;
}
