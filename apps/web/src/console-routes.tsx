import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Show } from '@taquilla/contract';
import type { RouteHandle } from './components/layout/route-layout';

const CONSOLE_LAYOUT = { layout: 'console' } satisfies RouteHandle;

/**
 * The show editor's live preview (decision 0042): the show feature's landing template
 * for the show being edited, with the parts its pages take (show-page-parts.tsx);
 * features never import each other, so they meet here. Lazy, so the editor opens
 * without waiting for the templates.
 */
const ShowLandingPreview = lazy(async () => {
  const [{ LandingPreview }, { showPageParts }] = await Promise.all([
    import('./features/show/templates'),
    import('./show-page-parts'),
  ]);
  return {
    default: function EditedShowLandingPreview({ show }: { show: Show }) {
      return <LandingPreview show={show} parts={showPageParts} />;
    },
  };
});

/** The show editor (a new show or one show), with the live preview of its page. */
const showEditor: RouteObject['lazy'] = async () => {
  const { ShowEditorPage } = await import('./features/admin-shows/show-editor-page');
  return { element: <ShowEditorPage LandingPreview={ShowLandingPreview} /> };
};

/**
 * The organiser console under /admin (issue 11). Each page is a lazy route from its
 * feature's folder (`features/admin-*`); the guard sends visitors to /admin/login and
 * keeps Viewers out; the layout adds the console's menu.
 */
export const consoleRoutes: RouteObject[] = [
  {
    path: 'admin/login',
    lazy: async () => ({
      Component: (await import('./features/admin-shell/console-login-page')).ConsoleLoginPage,
    }),
  },
  {
    path: 'admin',
    handle: CONSOLE_LAYOUT,
    lazy: async () => ({
      Component: (await import('./features/admin-shell/require-organiser')).RequireOrganiser,
    }),
    children: [
      {
        lazy: async () => ({
          Component: (await import('./features/admin-shell/console-layout')).ConsoleLayout,
        }),
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('./features/admin-shell/console-home-page')).ConsoleHomePage,
            }),
          },
          {
            path: 'shows',
            lazy: async () => ({
              Component: (await import('./features/admin-shows/shows-list-page')).ShowsListPage,
            }),
          },
          { path: 'shows/new', lazy: showEditor },
          { path: 'shows/:id', lazy: showEditor },
          {
            path: 'shows/:id/tickets',
            lazy: async () => ({
              Component: (await import('./features/admin-tickets/tickets-page')).TicketsPage,
            }),
          },
          {
            path: 'shows/:id/map',
            lazy: async () => ({
              Component: (await import('./features/admin-maps/map-editor-page')).MapEditorPage,
            }),
          },
          {
            path: 'shows/:id/access-codes',
            lazy: async () => ({
              Component: (await import('./features/admin-access-codes/access-codes-page'))
                .AccessCodesPage,
            }),
          },
          {
            path: 'shows/:id/live',
            lazy: async () => ({
              Component: (await import('./features/admin-live/live-control-page')).LiveControlPage,
            }),
          },
          {
            path: 'shows/:id/report',
            lazy: async () => ({
              Component: (await import('./features/admin-reports/sales-report-page'))
                .SalesReportPage,
            }),
          },
          {
            path: 'orders',
            lazy: async () => ({
              Component: (await import('./features/admin-orders/orders-page')).OrdersPage,
            }),
          },
          {
            path: 'orders/deposits',
            lazy: async () => ({
              Component: (await import('./features/admin-orders/deposit-queue-page'))
                .DepositQueuePage,
            }),
          },
          {
            path: 'orders/:id',
            lazy: async () => ({
              Component: (await import('./features/admin-orders/order-detail-page'))
                .OrderDetailPage,
            }),
          },
          {
            path: 'promo-codes',
            lazy: async () => ({
              Component: (await import('./features/admin-promo/promo-codes-page')).PromoCodesPage,
            }),
          },
          {
            path: 'promo-codes/new',
            lazy: async () => ({
              Component: (await import('./features/admin-promo/promo-code-editor-page'))
                .PromoCodeEditorPage,
            }),
          },
          {
            path: 'promo-codes/:id',
            lazy: async () => ({
              Component: (await import('./features/admin-promo/promo-code-editor-page'))
                .PromoCodeEditorPage,
            }),
          },
          {
            path: 'door',
            lazy: async () => ({
              Component: (await import('./features/admin-door/door-page')).DoorPage,
            }),
          },
          {
            path: 'accounts',
            lazy: async () => ({
              Component: (await import('./features/admin-accounts/accounts-page')).AccountsPage,
            }),
          },
          {
            path: 'audit',
            lazy: async () => ({
              Component: (await import('./features/admin-accounts/audit-log-page')).AuditLogPage,
            }),
          },
        ],
      },
    ],
  },
];
