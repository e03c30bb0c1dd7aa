import { describe, expect, it } from 'vitest';
import { buildSeat, buildSection, buildTicket } from '../../../test/catalogue-factory';
import { hasAnySelection, initialSelection, selectionReducer } from './selection';
import type { PurchaseSelection, SelectionAction } from './selection';

function apply(state: PurchaseSelection, ...actions: SelectionAction[]): PurchaseSelection {
  return actions.reduce(selectionReducer, state);
}

describe('purchase selection', () => {
  const ticket = buildTicket();
  const section = buildSection({ name: 'Platea' });
  const seat = buildSeat(section, 0, 1);

  it('starts with the automatically chosen method and nothing else', () => {
    const state = initialSelection('CARD');
    expect(state).toMatchObject({ method: 'CARD', dateId: null });
    expect(hasAnySelection(state)).toBe(false);
  });

  it('forgets the date, the tickets, the seats and the places when the method changes', () => {
    const chosen = apply(
      initialSelection('CARD'),
      { type: 'chooseDate', dateId: 'funcion-1' },
      { type: 'setTicketQuantity', ticket, quantity: 2 },
      { type: 'toggleSeat', pick: { seat, sectionName: 'Platea', ticket } },
      {
        type: 'setOpenQuantity',
        pick: { sectionId: 'general', sectionName: 'General', ticket, quantity: 3 },
      },
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

  it('drops a ticket line or a section set back to zero', () => {
    const state = apply(
      initialSelection(null),
      { type: 'setTicketQuantity', ticket, quantity: 2 },
      { type: 'setTicketQuantity', ticket, quantity: 0 },
      {
        type: 'setOpenQuantity',
        pick: { sectionId: 'general', sectionName: 'General', ticket, quantity: 1 },
      },
      {
        type: 'setOpenQuantity',
        pick: { sectionId: 'general', sectionName: 'General', ticket, quantity: 0 },
      },
    );
    expect(hasAnySelection(state)).toBe(false);
  });

  it('chooses a seat on the first click and frees it on the second', () => {
    const pick = { seat, sectionName: 'Platea', ticket };
    const once = apply(initialSelection('CARD'), { type: 'toggleSeat', pick });
    expect(Object.keys(once.seats)).toEqual([seat._id]);
    expect(apply(once, { type: 'toggleSeat', pick }).seats).toEqual({});
  });
});
