import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Order } from '@taquilla/contract';
import { isOrderApproved } from '@taquilla/domain';
import { isApiError } from '../../api/client';
import { ExternalLink } from '../../components/external-link';
import { useToast } from '../../components/toast/toast-context';
import { env } from '../../config/env';
import { resendTickets } from './api/resend-tickets';
import { orderTexts } from './orders.texts';

const t = orderTexts.actions;

/**
 * Print (with the page's print style), resend the tickets (an approved order only),
 * support (the messenger link of the configuration) and the account (000 §2).
 */
export function OrderActions({ order, token }: { order: Order; token: string | null }) {
  const toast = useToast();
  const [isResending, setIsResending] = useState(false);

  async function resend() {
    setIsResending(true);
    try {
      await resendTickets(order._id, token);
      toast.success(t.resent);
    } catch (error) {
      toast.error(isApiError(error) && error.status < 500 ? error.message : t.resendFailed);
    } finally {
      setIsResending(false);
    }
  }

  return (
    <div className="order-actions" role="group" aria-label={t.label}>
      {isOrderApproved(order.status) && (
        <button
          type="button"
          className="button button--primary"
          disabled={isResending}
          onClick={() => void resend()}
        >
          {isResending ? t.resending : t.resend}
        </button>
      )}
      <button type="button" className="button button--secondary" onClick={() => window.print()}>
        {t.print}
      </button>
      <ExternalLink href={env.helpUrl} className="button button--secondary">
        {t.support}
      </ExternalLink>
      <Link to="/account" className="button button--secondary">
        {t.account}
      </Link>
    </div>
  );
}
