import { useState } from 'react';
import { adminOrderReasonSchema } from '@taquilla/contract';
import { adminOrderEndpoints } from '@taquilla/contract/plain';
import type { AdminOrder } from '@taquilla/contract';
import { ApiError, apiCall } from '../../api/client';
import { ConfirmDialog } from '../../components/console/confirm-dialog';
import { FieldFrame } from '../../components/form/field-frame';
import { es } from '../../i18n/es';
import { adminOrdersTexts as t } from './admin-orders.texts';

/** What an organiser may do to an order, each behind a confirmation. */
export type OrderDecision = 'confirm' | 'reject' | 'cancel' | 'refund' | 'resend';

/** Decisions the buyer is told the reason of: the body is `{ reason }`. */
const NEEDS_REASON: ReadonlySet<OrderDecision> = new Set(['reject', 'cancel', 'refund']);

/** What a dialog says of the order: its number, and the address a resend goes to. */
type OrderRef = { _id: string; order_number: number; email: string };

/** The decision's call: the order's new view, or null for a resend (the order does not change). */
async function decide(
  decision: OrderDecision,
  id: string,
  reason: string,
): Promise<AdminOrder | null> {
  const e = adminOrderEndpoints;
  const params = { id };
  switch (decision) {
    case 'confirm':
      return apiCall(e.confirmDeposit, { params });
    case 'reject':
      return apiCall(e.rejectDeposit, { params, body: { reason } });
    case 'cancel':
      return apiCall(e.cancelOrder, { params, body: { reason } });
    case 'refund':
      return apiCall(e.refundOrder, { params, body: { reason } });
    case 'resend':
      await apiCall(e.resendOrderTickets, { params });
      return null;
  }
}

function wording(decision: OrderDecision, order: OrderRef) {
  const a = t.actions;
  const n = order.order_number;
  switch (decision) {
    case 'confirm':
      return { title: a.confirmTitle(n), message: a.confirmMessage, label: a.confirm };
    case 'reject':
      return { title: a.rejectTitle(n), message: a.rejectMessage, label: a.reject };
    case 'cancel':
      return { title: a.cancelTitle(n), message: a.cancelMessage, label: a.cancel };
    case 'refund':
      return { title: a.refundTitle(n), message: a.refundMessage, label: a.refund };
    case 'resend':
      return { title: a.resendTitle(n), message: a.resendMessage(order.email), label: a.resend };
  }
}

/**
 * One decision's confirmation: what happens, the reason when the buyer is told one
 * (checked by the contract's schema before anything is sent, and by the server), and
 * the server's refusal (a 409 because another organiser decided first, a 502 refund)
 * inside the dialog. `onDone` gets the order's new view (null after a resend).
 */
export function OrderDecisionDialog({
  order,
  decision,
  onClose,
  onDone,
}: {
  order: OrderRef;
  decision: OrderDecision | null;
  onClose: () => void;
  onDone: (decision: OrderDecision, order: AdminOrder | null) => void;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState<OrderDecision | null>(decision);
  if (shownFor !== decision) {
    // A new dialog starts empty.
    setShownFor(decision);
    setReason('');
    setReasonError(null);
    setError(null);
  }
  if (decision === null) return null;
  const words = wording(decision, order);
  const needsReason = NEEDS_REASON.has(decision);

  const confirm = async () => {
    setError(null);
    let body = '';
    if (needsReason) {
      const parsed = adminOrderReasonSchema.safeParse({ reason });
      if (!parsed.success) {
        setReasonError(parsed.error.issues[0]?.message ?? t.actions.reasonShort(3));
        return;
      }
      body = parsed.data.reason;
    }
    setReasonError(null);
    try {
      const answer = await decide(decision, order._id, body);
      onDone(decision, answer);
    } catch (cause) {
      const apiError = cause instanceof ApiError ? cause : null;
      const field = apiError?.fields.find((issue) => issue.field === 'reason');
      if (field) setReasonError(field.message);
      setError(apiError?.message ?? es.errors.unexpected);
    }
  };

  return (
    <ConfirmDialog
      isOpen
      title={words.title}
      message={words.message}
      confirmLabel={words.label}
      onConfirm={confirm}
      onClose={onClose}
      error={error}
    >
      {needsReason && (
        <FieldFrame label={t.actions.reason} hint={t.actions.reasonHint} error={reasonError}>
          {(control) => (
            <textarea
              className="input field__control"
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              {...control}
            />
          )}
        </FieldFrame>
      )}
    </ConfirmDialog>
  );
}
