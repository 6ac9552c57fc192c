// Build time only (web/build.mjs runs it under Node, never in a browser): the markup the
// app's first render draws, for the server to send inside #root (src/storefront/prerendered.rs),
// so a first visit paints the store before any script has arrived and the app's render
// then replaces it with the same thing. It is part of the app's own build, so the CSS
// modules' class names and the pictures' hashed addresses are the ones the app uses.
//
// - `shell`: the bar and the page's <main>, around `SLOT`, for the pages the server draws
//   no more of (a shopper's own; the app draws them);
// - `screens`: by address, the pages that need no data (the landing page draws its
//   shelves' room until their answers come), and `*`, the not-found page.
// Catalog pages, which need their data, are rendered for each page by src/server.tsx.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { Layout } from './app/layout.tsx';
import { LandingPage } from './pages/LandingPage.tsx';
import LoginPage from './pages/LoginPage.tsx';
import NotFoundPage from './pages/NotFoundPage.tsx';
import SignupPage from './pages/SignupPage.tsx';
import RedCardPage from './pages/RedCardPage.tsx';
import SquarePage from './pages/SquarePage.tsx';
import WeeklyAdPage from './pages/WeeklyAdPage.tsx';
import { paths } from './lib/paths.ts';

/** Where the shell takes a page's own markup. */
export const SLOT = '<template data-slot="true"></template>';

/** Where the not-found screen is rendered, and the name the server asks for it by. */
const NOT_FOUND = '/not-found';

// [address, page, whole]: a whole page keeps its footer; the landing page's shelves grow
// when their answers come, so its footer is left for the app to draw.
const screens: [string, ReactNode, boolean][] = [
  [paths.home, <LandingPage />, false],
  [paths.login, <LoginPage />, true],
  [paths.signup, <SignupPage />, true],
  [paths.redCard, <RedCardPage />, true],
  [paths.square, <SquarePage />, true],
  [paths.weeklyAd, <WeeklyAdPage />, true],
  [NOT_FOUND, <NotFoundPage />, true],
];

const routes = [
  {
    element: <Layout />,
    children: [
      ...screens.map(([path, element]) => ({ path, element })),
      { path: '*', element: <template data-slot /> },
    ],
  },
];

const throughMain = (html: string) => html.slice(0, html.indexOf('</main>') + '</main>'.length);

async function render(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://market.invalid')));
  if (context instanceof Response) throw new Error(`prerender: ${path} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

export async function prerender() {
  const page = await render('/slot');
  const [before, after] = page.split(SLOT);
  if (after === undefined) throw new Error(`prerender: the shell has no slot: ${page}`);
  const rendered: Record<string, string> = {};
  for (const [path, , whole] of screens) {
    const html = await render(path);
    rendered[path === NOT_FOUND ? '*' : path] = whole ? html : throughMain(html);
  }
  return {
    shell: { before, after: throughMain(after) },
    screens: rendered,
  };
}
