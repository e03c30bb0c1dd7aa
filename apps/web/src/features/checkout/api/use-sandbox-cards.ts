import { paymentEndpoints } from '@taquilla/contract/plain';
import type { SandboxCard } from '@taquilla/contract';
import { useApiQuery } from '../../../api/use-api-query';

/**
 * GET /payments/sandbox/cards: the sandbox provider's test cards, listed under the card
 * form. Asked only when GET /payments/config names the sandbox; a 404 hides the list.
 */
export function useSandboxCards(): readonly SandboxCard[] {
  const query = useApiQuery(paymentEndpoints.listSandboxCards, {});
  return query.status === 'success' ? query.data.items : [];
}
