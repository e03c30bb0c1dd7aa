import type { Section, SeatState, Show, Ticket, VenueMap } from '@taquilla/contract';
import { useCart } from '../../../cart/cart-context';
import { LoadError } from '../../../components/load-error';
import { es } from '../../../i18n/es';
import { useLiveSeats } from '../api/use-live-seats';
import { OpenSection } from './open-section';
import { SeatGrid } from '../../../components/seat-map/seat-grid';
import { useSeatToggle } from './use-seat-toggle';

type SectionSeatsProps = {
  show: Show;
  saleShowId: string;
  map: VenueMap;
  section: Section;
  ticketFor: (ticketId: string | null | undefined) => Ticket | null;
  /** "Q 450.00". */
  priceOf: (ticket: Ticket | null) => string;
  /** "+ Q 15.00 de cargo por servicio" for a fee charged on top; null when none or included. */
  feeOf: (ticket: Ticket | null) => string | null;
};

function NumberedSection({
  show,
  saleShowId,
  map,
  section,
  ticketFor,
  priceOf,
  feeOf,
}: SectionSeatsProps) {
  const { cart } = useCart();
  const seats = useLiveSeats(saleShowId, map._id, section._id, cart?._id ?? null);
  const { mine, toggle } = useSeatToggle(show, saleShowId);
  if (seats.status === 'loading') {
    return (
      <p className="seat-section__loading" role="status">
        {es.status.loading}
      </p>
    );
  }
  if (seats.status === 'error') {
    return <LoadError message={seats.error.message} onRetry={seats.retry} />;
  }
  const ticketOf = (seat: SeatState) => ticketFor(seat.show_ticket_uid ?? section.show_tickets[0]);
  return (
    <SeatGrid
      section={section}
      seats={seats.data}
      chosen={mine}
      priceOf={(seat) => priceOf(ticketOf(seat))}
      feeOf={(seat) => feeOf(ticketOf(seat))}
      onToggle={(seat) => toggle(seat, ticketOf(seat))}
    />
  );
}

/** The opened section: its seats, its quantity of places, or a type this page cannot draw. */
export function SectionSeats(props: SectionSeatsProps) {
  const { show, saleShowId, section, ticketFor, priceOf, feeOf } = props;
  switch (section.type) {
    case 'SEATS':
    case 'TABLE':
    case 'HTABLE':
      return <NumberedSection {...props} />;
    case 'OPEN': {
      const ticket = ticketFor(section.show_tickets[0]);
      return (
        <OpenSection
          show={show}
          saleShowId={saleShowId}
          section={section}
          ticket={ticket}
          price={[priceOf(ticket), feeOf(ticket)].filter(Boolean).join(' ')}
        />
      );
    }
    default:
      return <p className="notice notice--warning">{es.seatMap.unsupported}</p>;
  }
}
