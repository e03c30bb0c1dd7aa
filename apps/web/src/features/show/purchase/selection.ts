import type { Ticket } from '@taquilla/contract';
import type { PaymentMethod } from '@taquilla/domain';

/** A ticket of the plain list with how many the buyer wants. */
export type TicketPick = { ticket: Ticket; quantity: number };

/**
 * What the buyer has chosen on the show page's ticket list, before it goes to the cart.
 * Seats and open-section places go to the cart as they are picked on the map.
 */
export type PurchaseSelection = {
  method: PaymentMethod | null;
  /** The chosen función (child show id) of a show with several dates. */
  dateId: string | null;
  tickets: Readonly<Record<string, TicketPick>>;
};

export type SelectionAction =
  | { type: 'chooseMethod'; method: PaymentMethod }
  | { type: 'chooseDate'; dateId: string }
  | { type: 'setTicketQuantity'; ticket: Ticket; quantity: number }
  | { type: 'clearTickets' };

const NOTHING_CHOSEN = { tickets: {} } as const;

export function initialSelection(method: PaymentMethod | null): PurchaseSelection {
  return { method, dateId: null, ...NOTHING_CHOSEN };
}

function withoutKey<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const { [key]: _removed, ...rest } = record;
  return rest;
}

export function selectionReducer(
  state: PurchaseSelection,
  action: SelectionAction,
): PurchaseSelection {
  switch (action.type) {
    // 000 §2: choosing a method resets the chosen date and every ticket selection.
    case 'chooseMethod':
      return { method: action.method, dateId: null, ...NOTHING_CHOSEN };
    // Tickets, seats and places belong to one función; another date starts afresh.
    case 'chooseDate':
      if (action.dateId === state.dateId) return state;
      return { ...state, dateId: action.dateId, ...NOTHING_CHOSEN };
    case 'setTicketQuantity': {
      const id = action.ticket._id;
      const tickets =
        action.quantity > 0
          ? { ...state.tickets, [id]: { ticket: action.ticket, quantity: action.quantity } }
          : withoutKey(state.tickets, id);
      return { ...state, tickets };
    }
    // The lines went to the cart.
    case 'clearTickets':
      return { ...state, ...NOTHING_CHOSEN };
  }
}

/** 000 §5: something can go to the cart only when some quantity is above zero. */
export function hasAnySelection(state: PurchaseSelection): boolean {
  return Object.keys(state.tickets).length > 0;
}
