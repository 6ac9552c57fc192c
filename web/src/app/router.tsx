import { lazy } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { paths } from '../lib/paths.ts';
import { LandingPage } from '../pages/LandingPage.tsx';
import { Layout } from './layout.tsx';

// Every screen but the landing page is its own chunk, fetched on first visit.
const NotFoundPage = lazy(() => import('../pages/NotFoundPage.tsx'));
const Placeholder = lazy(() => import('../pages/PlaceholderPage.tsx'));

const screens: { path: string; title: string }[] = [
  { path: paths.login, title: 'Sign in' },
  { path: paths.signup, title: 'Create your account' },
  { path: paths.department, title: 'Department' },
  { path: paths.product, title: 'Product' },
  { path: paths.cart, title: 'Cart' },
  { path: paths.checkout, title: 'Checkout' },
  { path: paths.orderConfirmation, title: 'Thank you for your order' },
  { path: paths.account, title: 'Account' },
  { path: paths.orders, title: 'Orders' },
  { path: paths.order, title: 'Order details' },
  { path: paths.reviews, title: 'Your reviews' },
  { path: paths.addReview, title: 'Write a review' },
  { path: paths.editReview, title: 'Edit your review' },
  { path: paths.favorites, title: 'Favorites' },
  { path: paths.weeklyAd, title: 'Weekly Ad' },
  { path: paths.redCard, title: 'RedCard' },
  { path: paths.square, title: 'Market Square' },
];

const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: paths.home, element: <LandingPage /> },
      ...screens.map((s) => ({ path: s.path, element: <Placeholder title={s.title} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
