import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import type { Order } from '@taquilla/contract';
import { formatOrderDate, parseDate } from '@taquilla/domain';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { es } from '../../i18n/es';
import { useOrder } from './api/use-order';
import { OrderActions } from './order-actions';
import { OrderItems } from './order-items';
import { OrderLoginPromptBox } from './order-login-prompt';
import {
  NewOrderBanner,
  OrderStatusBadge,
  OrderStatusMessage,
  PaymentDetails,
} from './order-status';
import { ImportantInfo, OrderTotals } from './order-totals';
import { orderTexts } from './orders.texts';
import './order.css';

const t = orderTexts;

/**
 * /orders/{id} (000 §2 Order detail, §4). `new=1` (or the navigation state `newOrder`)
 * shows the confirmation banner; `t` is the order e-mail's signed link, passed on to the
 * API so its reader sees the order without signing in.
 */
export function OrderPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: { newOrder?: unknown } | null };
  const isNew = params.get('new') === '1' || state?.newOrder === true;
  return <OrderLoader key={id} id={id} token={params.get('t')} isNew={isNew} />;
}

function OrderLoader({ id, token, isNew }: { id: string; token: string | null; isNew: boolean }) {
  const { state, reload } = useOrder(id, token);

  if (state.status === 'loading') {
    return (
      <div className="page order-page" aria-busy="true">
        <title>{es.documentTitle(t.pageTitle)}</title>
        <LoadingSkeleton label={t.loading} />
      </div>
    );
  }
  if (state.status === 'error') {
    const isMissing = state.error.status === 404;
    return (
      <div className="page order-page">
        <title>{es.documentTitle(t.pageTitle)}</title>
        <h1 className="order-page__title">{t.pageTitle}</h1>
        {isMissing ? (
          <p className="notice">{state.error.message}</p>
        ) : (
          <LoadError
            message={state.error.status === 429 ? state.error.message : t.loadFailed}
            onRetry={reload}
          />
        )}
      </div>
    );
  }
  const { view } = state;
  if (view.kind === 'prompt') {
    return (
      <div className="page page--narrow order-page">
        <title>{es.documentTitle(t.pageTitle)}</title>
        <h1 className="order-page__title">{t.pageTitle}</h1>
        <OrderLoginPromptBox prompt={view.prompt} />
      </div>
    );
  }
  return (
    <OrderDetail
      order={view.order}
      token={token}
      isNew={isNew}
      isReloading={state.isReloading}
      onReload={reload}
    />
  );
}

type OrderDetailProps = {
  order: Order;
  token: string | null;
  isNew: boolean;
  isReloading: boolean;
  onReload: () => void;
};

function OrderDetail({ order, token, isNew, isReloading, onReload }: OrderDetailProps) {
  const number = String(order.order_number);
  const createdAt = parseDate(order.createdAt);
  return (
    <div className="page order-page">
      <title>{es.documentTitle(t.number(number))}</title>
      {isNew && <NewOrderBanner order={order} />}
      <header className="order-page__header">
        <div>
          <h1 className="order-page__title">{t.number(number)}</h1>
          {createdAt && (
            <p className="order-page__date">
              {t.createdAt}: <time dateTime={order.createdAt}>{formatOrderDate(createdAt)}</time>
            </p>
          )}
        </div>
        <OrderStatusBadge status={order.status} />
      </header>
      <OrderStatusMessage order={order} />
      {/* Phone: the codes, then totals, payment and actions, then the information. */}
      <div className="order-page__layout">
        <div className="order-page__main">
          <OrderItems order={order} isReloading={isReloading} onReload={onReload} />
        </div>
        <div className="order-page__aside">
          <OrderActions order={order} token={token} />
          <OrderTotals order={order} />
          <PaymentDetails order={order} />
        </div>
        <div className="order-page__info">
          <ImportantInfo />
        </div>
      </div>
    </div>
  );
}
