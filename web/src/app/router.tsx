import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { paths } from '../lib/paths.ts';
import { LandingPage } from '../pages/LandingPage.tsx';
import { GuestOnly, RequireUser } from './guards.tsx';
import { Layout } from './layout.tsx';

// Every screen but the landing page is its own chunk, fetched on first visit.
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

type Access = 'anyone' | 'shopper' | 'guest';
const screens: [string, LazyExoticComponent<ComponentType>, Access][] = [
  [paths.login, page(() => import('../pages/LoginPage.tsx')), 'guest'],
  [paths.signup, page(() => import('../pages/SignupPage.tsx')), 'guest'],
  [paths.department, page(() => import('../pages/DepartmentPage.tsx')), 'anyone'],
  [paths.product, page(() => import('../pages/ProductPage.tsx')), 'anyone'],
  [paths.search, page(() => import('../pages/SearchPage.tsx')), 'anyone'],
  // A visitor's cart and favorites pages ask them to sign in; checkout sends them to the cart.
  [paths.cart, page(() => import('../pages/CartPage.tsx')), 'anyone'],
  [paths.checkout, page(() => import('../pages/CheckoutPage.tsx')), 'anyone'],
  [paths.orderConfirmation, page(() => import('../pages/OrderConfirmationPage.tsx')), 'shopper'],
  [paths.account, page(() => import('../pages/AccountPage.tsx')), 'shopper'],
  [paths.orders, page(() => import('../pages/OrdersPage.tsx')), 'shopper'],
  [paths.order, page(() => import('../pages/OrderPage.tsx')), 'shopper'],
  [paths.reviews, page(() => import('../pages/MyReviewsPage.tsx')), 'shopper'],
  [paths.addReview, page(() => import('../pages/AddReviewPage.tsx')), 'shopper'],
  [paths.editReview, page(() => import('../pages/EditReviewPage.tsx')), 'shopper'],
  [paths.favorites, page(() => import('../pages/FavoritesPage.tsx')), 'anyone'],
  [paths.weeklyAd, page(() => import('../pages/WeeklyAdPage.tsx')), 'anyone'],
  [paths.redCard, page(() => import('../pages/RedCardPage.tsx')), 'anyone'],
  [paths.square, page(() => import('../pages/SquarePage.tsx')), 'anyone'],
];

const NotFoundPage = page(() => import('../pages/NotFoundPage.tsx'));

const guard = (access: Access, Screen: LazyExoticComponent<ComponentType>) => {
  if (access === 'shopper')
    return (
      <RequireUser>
        <Screen />
      </RequireUser>
    );
  if (access === 'guest')
    return (
      <GuestOnly>
        <Screen />
      </GuestOnly>
    );
  return <Screen />;
};

const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: paths.home, element: <LandingPage /> },
      ...screens.map(([path, Screen, access]) => ({ path, element: guard(access, Screen) })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
