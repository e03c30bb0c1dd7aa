import { paymentEndpoints } from '@taquilla/contract';
import type { SandboxCard } from '@taquilla/contract';
import { useApiQuery } from '../../../api/use-api-query';

/**
 * GET /payments/sandbox/cards: the sandbox provider's test cards, listed under the card
 * form. With a real provider the call answers 404 and the list stays hidden.
 */
export function useSandboxCards(): readonly SandboxCard[] {
  const query = useApiQuery(paymentEndpoints.listSandboxCards, {});
  return query.status === 'success' ? query.data.items : [];
}
