import { useMemo, useState } from 'react';
import { paymentEndpoints } from '@taquilla/contract/plain';
import { useApiQuery } from '../../../api/use-api-query';
import { cardEntryOf } from '../card-entry';
import type { CardEntry } from '../card-entry';
import { checkoutTexts } from '../checkout.texts';

/**
 * GET /payments/config: how the card form takes the card. Null until the first answer;
 * a failed read offers to try again, and while it does the form keeps what it showed
 * (so the buyer's typing is never thrown away by a reload of the settings).
 */
export function useCardEntry(): CardEntry | null {
  const query = useApiQuery(paymentEndpoints.getPaymentConfig, {});
  const { status, data, retry } = query;
  const settled = useMemo<CardEntry | null>(() => {
    if (status === 'success') return cardEntryOf(data);
    if (status === 'error') {
      return { kind: 'unavailable', message: checkoutTexts.card.configFailed, onRetry: retry };
    }
    return null;
  }, [status, data, retry]);
  const [shown, setShown] = useState(settled);
  if (settled !== null && settled !== shown) setShown(settled);
  return settled ?? shown;
}
