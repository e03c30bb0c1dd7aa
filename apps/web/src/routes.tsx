import { Navigate } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { AppShell } from './app-shell';
import { RouteError } from './components/route-error';
import { AccountLayout } from './features/account/account-layout';
import { AccountOrdersPage } from './features/account/account-orders-page';
import { ProfilePage } from './features/account/profile-page';
import { UserOrdersPage } from './features/account/user-orders-page';
import { UserPage } from './features/account/user-page';
import { CookiePolicyPage } from './features/cookies/cookie-policy-page';
import { EmailVerifyPage } from './features/email-verification/email-verify-page';
import { HomePage } from './features/home/home-page';
import { PastShowsPage } from './features/home/past-shows-page';
import { NotFoundPage } from './features/not-found/not-found-page';
import { PasswordRecoverPage } from './features/password/password-recover-page';
import { PasswordResetPage } from './features/password/password-reset-page';
import { LoginPage } from './features/session/login-page';
import { RequireLogin } from './features/session/require-login';
import { SignupPage } from './features/session/signup-page';
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
          { path: 'login', element: <LoginPage /> },
          { path: 'signup', element: <SignupPage /> },
          { path: 'password/recover', element: <PasswordRecoverPage /> },
          { path: 'password/reset/:token', element: <PasswordResetPage /> },
          { path: 'email/verify/:token', element: <EmailVerifyPage /> },
          { path: 'cookies', element: <CookiePolicyPage /> },
          {
            // Login required (002 §2.1, §6): a visitor goes to /login?redirect=<path and query>.
            element: <RequireLogin />,
            children: [
              { path: 'user', element: <UserPage /> },
              { path: 'user/orders', element: <UserOrdersPage /> },
              {
                path: 'account',
                element: <AccountLayout />,
                children: [
                  { index: true, element: <AccountOrdersPage /> },
                  { path: 'profile', element: <ProfilePage /> },
                ],
              },
              // Guarded already; their pages arrive with the tickets, activation and
              // checkout issues. Until then a logged-in person sees the not-found view.
              { path: 'user/shows', element: <NotFoundPage /> },
              { path: 'activate', element: <NotFoundPage /> },
              { path: 'cart/checkout', element: <NotFoundPage /> },
              { path: 'cart/register', element: <NotFoundPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
