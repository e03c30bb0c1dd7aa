/*
 * What a ticket code admits to (decision 0058): a place at the venue, the stream, or
 * both. 000 §1: events are in-person (presencial) or virtual (venue "Online"); 000 §3:
 * tickets are ONLINE, GENERAL or a place of a seat map (VENUE_SEAT, VENUE_TABLE_SEAT,
 * VENUE_OPEN). Activation records the answer as the viewer-show's `livestream`, so the
 * player, "Mis boletos" and the activation form agree on it.
 */

type TicketTypeInput = 'GENERAL' | 'ONLINE' | 'VENUE_SEAT' | 'VENUE_TABLE_SEAT' | 'VENUE_OPEN';

/** A virtual show: its venue is "Online" (000 §1) or its type says ONLINE. */
export function isVirtualShow(show: { type: string; venue: string }): boolean {
  return show.venue.trim().toLowerCase() === 'online' || show.type.toUpperCase() === 'ONLINE';
}

/**
 * Whether a code of this ticket type opens the show's stream. ONLINE always does; a
 * place of a seat map never does (its holder comes through the door); GENERAL is the
 * show's own kind of admission: the stream of a virtual show, the door of an in-person
 * one. A hybrid show sells ONLINE tickets for its stream.
 */
export function opensStream(
  ticketType: TicketTypeInput,
  show: { type: string; venue: string },
): boolean {
  if (ticketType === 'ONLINE') return true;
  if (ticketType === 'GENERAL') return isVirtualShow(show);
  return false;
}
