import type { Dispatch } from 'react';
import type { Section, SeatState, Ticket, VenueMap } from '@taquilla/contract';
import { LoadError } from '../../../components/load-error';
import { es } from '../../../i18n/es';
import { useSectionSeats } from '../api/use-show-map';
import type { PurchaseSelection, SelectionAction } from '../purchase/selection';
import { OpenSection } from './open-section';
import { SeatGrid } from './seat-grid';

type SectionSeatsProps = {
  saleShowId: string;
  map: VenueMap;
  section: Section;
  ticketFor: (ticketId: string | null | undefined) => Ticket | null;
  priceOf: (ticket: Ticket | null) => string;
  selection: PurchaseSelection;
  dispatch: Dispatch<SelectionAction>;
};

function NumberedSection({
  saleShowId,
  map,
  section,
  ticketFor,
  priceOf,
  selection,
  dispatch,
}: SectionSeatsProps) {
  const seats = useSectionSeats(saleShowId, map._id, section._id);
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
      chosen={new Set(Object.keys(selection.seats))}
      priceOf={(seat) => priceOf(ticketOf(seat))}
      onToggle={(seat) =>
        dispatch({
          type: 'toggleSeat',
          pick: { seat, sectionName: section.name, ticket: ticketOf(seat) },
        })
      }
    />
  );
}

/** The opened section: its seats, its quantity of places, or a type this page cannot draw. */
export function SectionSeats(props: SectionSeatsProps) {
  const { section, ticketFor, priceOf, selection, dispatch } = props;
  switch (section.type) {
    case 'SEATS':
    case 'TABLE':
    case 'HTABLE':
      return <NumberedSection {...props} />;
    case 'OPEN': {
      const ticket = ticketFor(section.show_tickets[0]);
      return (
        <OpenSection
          section={section}
          price={priceOf(ticket)}
          quantity={selection.openSections[section._id]?.quantity ?? 0}
          onQuantity={(quantity) =>
            dispatch({
              type: 'setOpenQuantity',
              pick: { sectionId: section._id, sectionName: section.name, ticket, quantity },
            })
          }
        />
      );
    }
    default:
      return <p className="notice notice--warning">{es.seatMap.unsupported}</p>;
  }
}
