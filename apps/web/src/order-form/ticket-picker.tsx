import { useId } from 'react';
import { endpoints } from '@taquilla/contract/plain';
import type { PaymentType, Show, Ticket } from '@taquilla/contract';
import { useApiQuery } from '../api/use-api-query';
import { TicketList } from '../components/tickets/ticket-list';
import { esOrderForm } from './es-order-form';
import { displayCharge } from './order-pricing';
import type { TicketLine } from './order-pricing';

type TicketPickerProps = {
  show: Show;
  /** GET /shows/{id}/tickets?paymentType=A|B (000 §7). */
  paymentTypes: readonly PaymentType[];
  /** Said when the show sells no ticket this way (000 §8 "No tickets"). */
  emptyMessage: string;
  lines: Readonly<Record<string, TicketLine>>;
  onQuantity: (ticket: Ticket, quantity: number) => void;
};

/** The form's ticket list, priced as the order will be. */
export function TicketPicker({
  show,
  paymentTypes,
  emptyMessage,
  lines,
  onQuantity,
}: TicketPickerProps) {
  const titleId = useId();
  const tickets = useApiQuery(endpoints.listTickets, {
    params: { id: show._id },
    query: { paymentType: paymentTypes.join('|') },
  });
  return (
    <section className="order-form__section" aria-labelledby={titleId}>
      <h3 className="order-form__section-title" id={titleId}>
        {esOrderForm.tickets.title}
      </h3>
      <TicketList
        show={show}
        tickets={tickets}
        emptyMessage={emptyMessage}
        priceOf={(ticket) => displayCharge(ticket, show.settings.currency)}
        quantityOf={(ticket) => lines[ticket._id]?.quantity ?? 0}
        onQuantity={onQuantity}
      />
    </section>
  );
}
