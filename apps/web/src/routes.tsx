import { Navigate } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { AppShell } from './app-shell';
import { RouteError } from './components/route-error';
import { CookiePolicyPage } from './features/cookies/cookie-policy-page';
import { HomePage } from './features/home/home-page';
import { PastShowsPage } from './features/home/past-shows-page';
import { NotFoundPage } from './features/not-found/not-found-page';
import { ShowPage } from './features/show/show-page';

/**
 * The route table (002 §2.1). Pages that hide the menu and footer (the player
 * and the mobile chat) add `handle: { layout: 'player' } satisfies RouteHandle`.
 */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'shows', element: <Navigate to="/" replace /> },
          { path: 'shows/past', element: <PastShowsPage /> },
          { path: 'shows/:id', element: <ShowPage /> },
          { path: 'cookies', element: <CookiePolicyPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
