import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { AppShell } from './app-shell';
import { consoleRoutes } from './console-routes';
import { RouteError } from './components/route-error';
import { RouteLoading } from './components/route-loading';
import { useSettled } from './components/use-settled';
import { NewShowRedirect, PlayRedirect } from './components/layout/shell-redirects';
import { HomePage } from './features/home/home-page';
import { NotFoundPage } from './features/not-found/not-found-page';
import { RequireLogin } from './features/session/require-login';
import type { RouteHandle } from './components/layout/route-layout';
import type { ShowPlayer } from './features/show/show-player-route';

const PLAYER_LAYOUT = { layout: 'player' } satisfies RouteHandle;

/** The chat feature's part of the player page (features never import each other). */
async function playerChat() {
  const [{ ChatPollPanes }, { SecondDeviceScreen, SingleDeviceGuard }] = await Promise.all([
    import('./features/player-chat/chat-poll-panes'),
    import('./features/player-chat/second-device-screen'),
  ]);
  return { ChatPollPanes, SecondDeviceScreen, SingleDeviceGuard };
}

/**
 * The player with the chat feature's part, for the show feature's player routes. The
 * chat's code (its panes, the one-device rule, the schemas of the socket's messages)
 * loads once the player's first view is drawn, not before it (decision 0075): the page
 * draws the show and asks for access meanwhile, and mounts the chat's parts once here.
 */
async function showPlayer(): Promise<ShowPlayer> {
  let chat: ReturnType<typeof playerChat> | null = null;
  const { PlayerPage } = await import('./features/player/player-page');
  return function Player(props) {
    const [loading, setLoading] = useState<typeof chat>(chat);
    useEffect(() => setLoading((chat ??= playerChat())), []);
    return <PlayerPage {...props} chat={useSettled(loading)} />;
  };
}

/** /:path/player and /:path/:sub/player: the vanity player (decision 0036). */
const vanityPlayer: RouteObject['lazy'] = async () => {
  const [{ VanityPlayerPage }, Player] = await Promise.all([
    import('./features/show/show-player-route'),
    showPlayer(),
  ]);
  return { element: <VanityPlayerPage Player={Player} /> };
};

/** /:path and /:path/:sub: a show's vanity page (decision 0036). */
const vanityPage: RouteObject['lazy'] = async () => ({
  Component: (await import('./show-routes')).VanityRoute,
});

/**
 * The route table (002 §2.1). Pages that hide the menu and footer (the player
 * and the mobile chat) add `handle: { layout: 'player' } satisfies RouteHandle`.
 *
 * The shell, the home page and the not-found view ship in the entry chunk; every
 * other page is a `lazy` route, so its code (and CSS) is fetched the first time it is
 * visited. The router waits for it before navigating; on a first visit the shell shows
 * RouteLoading meanwhile.
 */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        errorElement: <RouteError />,
        hydrateFallbackElement: <RouteLoading />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'shows', element: <Navigate to="/" replace /> },
          {
            path: 'shows/past',
            lazy: async () => ({
              Component: (await import('./features/home/past-shows-page')).PastShowsPage,
            }),
          },
          // Before shows/:id (the router ranks the static segment first anyway).
          { path: 'shows/new', element: <NewShowRedirect /> },
          { path: 'shows/:id/play', element: <PlayRedirect /> },
          {
            path: 'shows/:id',
            // The show page sells through the deposit and registration features' forms and
            // activates through the activation feature's modal; features never import each
            // other, so they meet in show-routes.tsx. A show with a vanity path goes to
            // /{path}. Only that module is awaited: it is what the first-view budget
            // measures (decision 0070).
            lazy: async () => ({ Component: (await import('./show-routes')).ShowRoute }),
          },
          {
            // 002 §2.1: with or without the trailing slash (the router matches both).
            // The player mounts the chat feature's panes and one-device rule (decision 0026).
            // A show with a vanity path plays at /{path}/player (decision 0036).
            path: 'shows/:id/player',
            handle: PLAYER_LAYOUT,
            lazy: async () => {
              const [{ ShowPlayerRoute }, Player] = await Promise.all([
                import('./features/show/show-player-route'),
                showPlayer(),
              ]);
              return { element: <ShowPlayerRoute variant="player" Player={Player} /> };
            },
          },
          {
            // "Ver película" (002 §2.8 film pages): the same player, the film alone.
            path: 'shows/:id/full',
            handle: PLAYER_LAYOUT,
            lazy: async () => {
              const [{ ShowPlayerRoute }, Player] = await Promise.all([
                import('./features/show/show-player-route'),
                showPlayer(),
              ]);
              return { element: <ShowPlayerRoute variant="full" Player={Player} /> };
            },
          },
          {
            // 001 §2 mobile chat: `?s=` the server-signed link, `iframe=1` without header and help.
            path: 'shows/:id/chat',
            handle: PLAYER_LAYOUT,
            lazy: async () => ({
              Component: (await import('./features/player-chat/mobile-chat-page')).MobileChatPage,
            }),
          },
          {
            path: 'shows/:id/quicklink',
            lazy: async () => ({
              Component: (await import('./features/deposit/quicklink-page')).QuicklinkPage,
            }),
          },
          {
            path: 'shows/:showId/quicklink/success/:orderId',
            lazy: async () => ({
              Component: (await import('./features/deposit/deposit-success-page'))
                .DepositSuccessPage,
            }),
          },
          {
            path: 'shows/:showId/registration/success/:orderId',
            lazy: async () => ({
              Component: (await import('./features/registration/registration-success-page'))
                .RegistrationSuccessPage,
            }),
          },
          {
            path: 'login',
            lazy: async () => ({
              Component: (await import('./features/session/login-page')).LoginPage,
            }),
          },
          {
            path: 'signup',
            lazy: async () => ({
              Component: (await import('./features/session/signup-page')).SignupPage,
            }),
          },
          {
            path: 'password/recover',
            lazy: async () => ({
              Component: (await import('./features/password/password-recover-page'))
                .PasswordRecoverPage,
            }),
          },
          {
            path: 'password/reset/:token',
            lazy: async () => ({
              Component: (await import('./features/password/password-reset-page'))
                .PasswordResetPage,
            }),
          },
          {
            path: 'email/verify/:token',
            lazy: async () => ({
              Component: (await import('./features/email-verification/email-verify-page'))
                .EmailVerifyPage,
            }),
          },
          {
            path: 'cart',
            lazy: async () => ({
              Component: (await import('./features/cart/cart-page')).CartPage,
            }),
          },
          {
            path: 'cart/checkout/guest',
            lazy: async () => ({
              Component: (await import('./features/checkout/checkout-page')).GuestCheckoutPage,
            }),
          },
          {
            path: 'orders/:id',
            lazy: async () => ({
              Component: (await import('./features/orders/order-page')).OrderPage,
            }),
          },
          {
            path: 'help',
            lazy: async () => ({
              Component: (await import('./features/help/help-page')).HelpPage,
            }),
          },
          {
            path: 'cookies',
            lazy: async () => ({
              Component: (await import('./features/cookies/cookie-policy-page')).CookiePolicyPage,
            }),
          },
          {
            // Login required (002 §2.1, §6): a visitor goes to /login?redirect=<path and query>.
            element: <RequireLogin />,
            children: [
              {
                path: 'user',
                lazy: async () => ({
                  Component: (await import('./features/account/user-page')).UserPage,
                }),
              },
              {
                path: 'user/orders',
                lazy: async () => ({
                  Component: (await import('./features/account/user-orders-page')).UserOrdersPage,
                }),
              },
              {
                path: 'account',
                lazy: async () => ({
                  Component: (await import('./features/account/account-layout')).AccountLayout,
                }),
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import('./features/account/account-orders-page'))
                        .AccountOrdersPage,
                    }),
                  },
                  {
                    path: 'profile',
                    lazy: async () => ({
                      Component: (await import('./features/account/profile-page')).ProfilePage,
                    }),
                  },
                ],
              },
              {
                path: 'user/shows',
                lazy: async () => ({
                  Component: (await import('./features/my-shows/my-shows-page')).MyShowsPage,
                }),
              },
              {
                path: 'activate',
                lazy: async () => ({
                  Component: (await import('./features/activation/activate-page')).ActivatePage,
                }),
              },
              {
                path: 'cart/checkout',
                lazy: async () => ({
                  Component: (await import('./features/checkout/checkout-page')).CheckoutPage,
                }),
              },
              {
                path: 'cart/register',
                lazy: async () => ({
                  Component: (await import('./features/registration/cart-register-page'))
                    .CartRegisterPage,
                }),
              },
            ],
          },
          ...consoleRoutes,
          // Vanity paths (002 §2.2, decision 0036). The router ranks static segments
          // first, so /login, /cookies, /shows/… and every other page keep priority; a
          // path the gateway does not know is the not-found view.
          { path: ':path', lazy: vanityPage },
          { path: ':path/:sub', lazy: vanityPage },
          { path: ':path/player', handle: PLAYER_LAYOUT, lazy: vanityPlayer },
          { path: ':path/:sub/player', handle: PLAYER_LAYOUT, lazy: vanityPlayer },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
