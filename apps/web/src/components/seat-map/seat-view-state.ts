import type { SeatState } from '@taquilla/contract';

/**
 * How a seat is drawn (000 §4): available; reserved (chosen here, or held by this buyer's
 * cart); unavailable (sold or held by someone else); waiting (a change is on its way).
 */
export type SeatViewState = 'available' | 'reserved' | 'unavailable' | 'waiting';

export function seatViewState(
  seat: Pick<SeatState, '_id' | 'state' | 'reserved'>,
  chosen: ReadonlySet<string>,
  pending: ReadonlySet<string>,
): SeatViewState {
  if (pending.has(seat._id)) return 'waiting';
  if (chosen.has(seat._id) || seat.reserved) return 'reserved';
  return seat.state === 'available' ? 'available' : 'unavailable';
}

/** Only an available seat can be chosen and only a chosen one freed; clicks while waiting do nothing. */
export function isSeatClickable(state: SeatViewState): boolean {
  return state === 'available' || state === 'reserved';
}
