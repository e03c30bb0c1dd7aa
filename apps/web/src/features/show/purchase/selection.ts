import type { Seat, Ticket } from '@taquilla/contract';
import type { PaymentMethod } from '@taquilla/domain';

/** A ticket of the plain list with how many the buyer wants. */
export type TicketPick = { ticket: Ticket; quantity: number };

/** A numbered seat chosen on the map, with what it sells through (its price). */
export type SeatPick = { seat: Seat; sectionName: string; ticket: Ticket | null };

/** Places in an unnumbered (OPEN) section. */
export type OpenSectionPick = {
  sectionId: string;
  sectionName: string;
  ticket: Ticket | null;
  quantity: number;
};

/**
 * What the buyer has chosen on the show page. It lives only in the page until the cart
 * issue holds it on the server (10-minute holds).
 */
export type PurchaseSelection = {
  method: PaymentMethod | null;
  /** The chosen función (child show id) of a show with several dates. */
  dateId: string | null;
  tickets: Readonly<Record<string, TicketPick>>;
  seats: Readonly<Record<string, SeatPick>>;
  openSections: Readonly<Record<string, OpenSectionPick>>;
};

export type SelectionAction =
  | { type: 'chooseMethod'; method: PaymentMethod }
  | { type: 'chooseDate'; dateId: string }
  | { type: 'setTicketQuantity'; ticket: Ticket; quantity: number }
  | { type: 'toggleSeat'; pick: SeatPick }
  | { type: 'setOpenQuantity'; pick: OpenSectionPick };

const NOTHING_CHOSEN = { tickets: {}, seats: {}, openSections: {} } as const;

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
    // A chosen seat is freed by a second click (000 §4).
    case 'toggleSeat': {
      const id = action.pick.seat._id;
      const seats =
        id in state.seats ? withoutKey(state.seats, id) : { ...state.seats, [id]: action.pick };
      return { ...state, seats };
    }
    case 'setOpenQuantity': {
      const id = action.pick.sectionId;
      const openSections =
        action.pick.quantity > 0
          ? { ...state.openSections, [id]: action.pick }
          : withoutKey(state.openSections, id);
      return { ...state, openSections };
    }
  }
}

/** 000 §5: something can go to the cart only when some quantity is above zero. */
export function hasAnySelection(state: PurchaseSelection): boolean {
  return (
    Object.keys(state.tickets).length > 0 ||
    Object.keys(state.seats).length > 0 ||
    Object.keys(state.openSections).length > 0
  );
}
