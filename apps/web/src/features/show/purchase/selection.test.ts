import { describe, expect, it } from 'vitest';
import { buildTicket } from '../../../test/catalogue-factory';
import { hasAnySelection, initialSelection, selectionReducer } from './selection';
import type { PurchaseSelection, SelectionAction } from './selection';

function apply(state: PurchaseSelection, ...actions: SelectionAction[]): PurchaseSelection {
  return actions.reduce(selectionReducer, state);
}

describe('purchase selection', () => {
  const ticket = buildTicket();

  it('starts with the automatically chosen method and nothing else', () => {
    const state = initialSelection('CARD');
    expect(state).toMatchObject({ method: 'CARD', dateId: null });
    expect(hasAnySelection(state)).toBe(false);
  });

  it('forgets the date and the tickets when the method changes', () => {
    const chosen = apply(
      initialSelection('CARD'),
      { type: 'chooseDate', dateId: 'funcion-1' },
      { type: 'setTicketQuantity', ticket, quantity: 2 },
    );
    expect(hasAnySelection(chosen)).toBe(true);

    expect(apply(chosen, { type: 'chooseMethod', method: 'DEPOSIT' })).toEqual(
      initialSelection('DEPOSIT'),
    );
    // Choosing the same method again also starts afresh, as the buyer asked for it.
    expect(apply(chosen, { type: 'chooseMethod', method: 'CARD' })).toEqual(
      initialSelection('CARD'),
    );
  });

  it('starts afresh on another date but keeps the selection when the same date is chosen', () => {
    const chosen = apply(
      initialSelection('CARD'),
      { type: 'chooseDate', dateId: 'funcion-1' },
      { type: 'setTicketQuantity', ticket, quantity: 2 },
    );
    expect(apply(chosen, { type: 'chooseDate', dateId: 'funcion-1' })).toBe(chosen);
    expect(hasAnySelection(apply(chosen, { type: 'chooseDate', dateId: 'funcion-2' }))).toBe(false);
  });

  it('drops a ticket line set back to zero', () => {
    const state = apply(
      initialSelection(null),
      { type: 'setTicketQuantity', ticket, quantity: 2 },
      { type: 'setTicketQuantity', ticket, quantity: 0 },
    );
    expect(hasAnySelection(state)).toBe(false);
  });

  it('forgets the tickets once they went to the cart, keeping the method and date', () => {
    const chosen = apply(
      initialSelection('CARD'),
      { type: 'chooseDate', dateId: 'funcion-1' },
      { type: 'setTicketQuantity', ticket, quantity: 2 },
      { type: 'clearTickets' },
    );
    expect(chosen).toEqual({ method: 'CARD', dateId: 'funcion-1', tickets: {} });
  });
});
