import { useId, useMemo, useState } from 'react';
import { CARD_PAYMENT_TYPES } from '@taquilla/contract/plain';
import type { Cart, Show, Ticket, VenueMap } from '@taquilla/contract';
import { useCart } from '../../../cart/cart-context';
import { LoadError } from '../../../components/load-error';
import { es } from '../../../i18n/es';
import { useShowTickets } from '../api/use-show-tickets';
import { useShowMap } from '../api/use-show-map';
import { formatTicketFee, formatTicketPrice, ticketPrice } from '../purchase/pricing';
import { OpenedSection, SectionGrid } from '../../../components/seat-map/section-grid';
import { SectionSeats } from './section-seats';

type SeatMapProps = {
  show: Show;
  /** The show or función being sold; a función answers with its parent's map. */
  saleShowId: string;
};

/** The venue map: sections placed on the map's grid; a chosen section opens below. */
export function SeatMap({ show, saleShowId }: SeatMapProps) {
  const map = useShowMap(saleShowId);
  // The tickets give each section and seat its price.
  const tickets = useShowTickets(saleShowId, CARD_PAYMENT_TYPES);

  if (map.status === 'loading' || tickets.status === 'loading') {
    return (
      <p className="seat-map__loading" role="status">
        {es.status.loading}
      </p>
    );
  }
  if (map.status === 'error') {
    if (map.error.status === 404) return <p className="notice">{es.seatMap.noMap}</p>;
    return <LoadError message={map.error.message} onRetry={map.retry} />;
  }
  if (tickets.status === 'error') {
    return <LoadError message={tickets.error.message} onRetry={tickets.retry} />;
  }
  return (
    <LoadedSeatMap
      show={show}
      saleShowId={saleShowId}
      map={map.data}
      tickets={tickets.data.items}
    />
  );
}

function LoadedSeatMap({
  show,
  saleShowId,
  map,
  tickets,
}: SeatMapProps & { map: VenueMap; tickets: readonly Ticket[] }) {
  const [openSectionId, setOpenSectionId] = useState<string | null>(null);
  const titleId = useId();
  const ticketsById = useMemo(
    () => new Map(tickets.map((ticket) => [ticket._id, ticket])),
    [tickets],
  );
  const ticketFor = (id: string | null | undefined) => (id ? (ticketsById.get(id) ?? null) : null);
  const priceOf = (ticket: Ticket | null) =>
    ticket
      ? formatTicketPrice(ticketPrice(ticket, show.settings.currency), es.purchase.free)
      : es.seatMap.noPrice;
  // A tile is too small for the fee's words; the seat tooltip and an open section say them.
  const feeOf = (ticket: Ticket | null) =>
    ticket ? formatTicketFee(ticketPrice(ticket, show.settings.currency)) : null;
  const openSection = map.sections.find((section) => section._id === openSectionId) ?? null;
  const { cart } = useCart();
  const chosenPerSection = countBySection(cart, saleShowId);

  return (
    <section className="seat-map" aria-labelledby={titleId}>
      <h3 className="seat-map__title" id={titleId}>
        {es.seatMap.title}
      </h3>
      <p className="seat-map__hint">{es.seatMap.hint}</p>
      <SectionGrid
        map={map}
        openSectionId={openSectionId}
        onOpen={setOpenSectionId}
        priceOf={(section) => priceOf(ticketFor(section.show_tickets[0]))}
        chosenOf={(section) => chosenPerSection.get(section.name) ?? 0}
      />
      {openSection && (
        <OpenedSection section={openSection}>
          <SectionSeats
            key={openSection._id}
            show={show}
            saleShowId={saleShowId}
            map={map}
            section={openSection}
            ticketFor={ticketFor}
            priceOf={priceOf}
            feeOf={feeOf}
          />
        </OpenedSection>
      )}
    </section>
  );
}

/** Places this cart holds in each section (by name, as the cart's lines say where they are). */
function countBySection(cart: Cart | null, saleShowId: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of cart?.items ?? []) {
    const section = item.location.section;
    if (item.show_uid !== saleShowId || !section) continue;
    counts.set(section, (counts.get(section) ?? 0) + item.quantity);
  }
  return counts;
}
