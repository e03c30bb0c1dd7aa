import {
  areSalesShown,
  DEFAULT_EVENT_DURATION_HOURS,
  fromMinorUnits,
  isVirtualShow,
  opensStream,
  ticketAvailability,
  toZonedIsoString,
} from '@taquilla/domain';
import type { TicketStock } from '../tickets/tickets.service.ts';
import type { PageShow } from './seo.repo.ts';

const SCHEMA = 'https://schema.org/';
const HOUR_MS = 3_600_000;

/** How one attends: only the stream, only the venue, or either (a hybrid sells both). */
function attendanceMode(show: PageShow, tickets: readonly TicketStock[]) {
  if (isVirtualShow(show)) return 'OnlineEventAttendanceMode';
  return tickets.some((ticket) => opensStream(ticket.type, show))
    ? 'MixedEventAttendanceMode'
    : 'OfflineEventAttendanceMode';
}

function place(show: PageShow) {
  return {
    '@type': 'Place',
    name: show.venue,
    address: {
      '@type': 'PostalAddress',
      ...(show.venue_address ? { streetAddress: show.venue_address } : {}),
      addressCountry: show.country,
    },
  };
}

/**
 * A ticket's availability for search: on sale (InStock), gone or its sale over
 * (SoldOut), or not on sale yet (PreOrder, with validFrom when its window opens later).
 * The page's own rule (ticketAvailability, 000 §4) on the same real_available.
 */
function availabilityOf(show: PageShow, ticket: TicketStock, now: Date) {
  if (!areSalesShown(show.status)) return { availability: `${SCHEMA}PreOrder` };
  const state = ticketAvailability({
    now,
    valid_since: ticket.valid_since,
    valid_thru: ticket.valid_thru,
    real_available: ticket.realAvailable,
  });
  if (state.state === 'AVAILABLE') return { availability: `${SCHEMA}InStock` };
  if (state.state === 'SOLD_OUT') return { availability: `${SCHEMA}SoldOut` };
  return {
    availability: `${SCHEMA}PreOrder`,
    validFrom: toZonedIsoString(state.since, show.timezone),
  };
}

/** Which statuses still offer tickets: SOON announces them; CLOSED, CANCELLED do not sell. */
const hasOffers = (status: string) => areSalesShown(status) || status === 'SOON';

/**
 * The show as a schema.org Event (decision 0069): start and end in the show's zone
 * (Guatemala's, -06:00, unless it names another), the place or the stream, its
 * producer as organiser, one Offer per visible ticket at what a buyer pays for one
 * (its price plus a fee charged on top) in the ticket's currency (quetzales), and its
 * status. Plain values: the page writes it with scriptJson.
 */
export function eventJsonLd(input: {
  show: PageShow;
  tickets: readonly TicketStock[];
  url: string;
  /** The Event's pictures, absolute (the show's own and its share card). */
  images: readonly string[];
  now: Date;
}): Record<string, unknown> {
  const { show, tickets, url, images, now } = input;
  const hours = show.settings.duration ?? DEFAULT_EVENT_DURATION_HOURS;
  const mode = attendanceMode(show, tickets);
  const virtual = { '@type': 'VirtualLocation', url };
  const location =
    mode === 'OnlineEventAttendanceMode'
      ? virtual
      : mode === 'MixedEventAttendanceMode'
        ? [place(show), virtual]
        : place(show);
  const description = show.description ?? show.subtitle;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: show.fullname,
    ...(description ? { description } : {}),
    url,
    ...(images.length > 0 ? { image: images } : {}),
    startDate: toZonedIsoString(show.show_date, show.timezone),
    endDate: toZonedIsoString(new Date(show.show_date.getTime() + hours * HOUR_MS), show.timezone),
    eventStatus: `${SCHEMA}${show.status === 'CANCELLED' ? 'EventCancelled' : 'EventScheduled'}`,
    eventAttendanceMode: `${SCHEMA}${mode}`,
    location,
    organizer: { '@type': 'Organization', name: show.producer_name },
    ...(show.paid ? {} : { isAccessibleForFree: true }),
    ...(hasOffers(show.status) && tickets.length > 0
      ? {
          offers: tickets.map((ticket) => ({
            '@type': 'Offer',
            name: ticket.fullname,
            price: fromMinorUnits(ticket.price + (ticket.fee_included ? 0 : ticket.fee)).toFixed(2),
            priceCurrency: ticket.currency,
            url,
            ...availabilityOf(show, ticket, now),
          })),
        }
      : {}),
  };
}
