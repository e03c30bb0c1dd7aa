import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { Show, Ticket } from '@taquilla/contract';
import { useCart } from '../../cart/cart-context';
import { customFieldsOf } from '../../order-form/custom-fields';
import { esOrderForm } from '../../order-form/es-order-form';
import { priceOrder } from '../../order-form/order-pricing';
import type { TicketLine } from '../../order-form/order-pricing';
import { OrderTotals } from '../../order-form/order-totals';
import { TicketPicker } from '../../order-form/ticket-picker';
import { esRegistration } from './es-registration';
import { RegistrationDetails, RegistrationSubmit } from './registration-parts';
import { useRegistration } from './use-registration';
import '../../order-form/order-form.css';

const REGISTRATION_TICKET_TYPES = ['REGISTRATION'] as const;

/**
 * The free registration of an unpaid show (000 §2 "Regístrate"): its registration tickets,
 * the buyer's data and the show's questions; "Completar Registro" places a REGISTRATION
 * order, approved at once. No account is needed (000 §6).
 */
export function RegistrationForm({ show }: { show: Show }) {
  const formId = useId();
  const { cart } = useCart();
  const customFields = customFieldsOf(show.settings);
  const registration = useRegistration(customFields);
  const [lines, setLines] = useState<Record<string, TicketLine>>({});
  const chosen = Object.values(lines);
  const missing = registration.missingFor(chosen.reduce((sum, line) => sum + line.quantity, 0));

  function setQuantity(ticket: Ticket, quantity: number) {
    setLines(({ [ticket._id]: _previous, ...rest }) =>
      quantity > 0 ? { ...rest, [ticket._id]: { ticket, quantity } } : rest,
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (missing.length > 0 || registration.isPlacing) return;
    void registration.register({
      showId: show._id,
      currency: show.settings.currency,
      items: chosen.map((line) => ({
        show_uid: show._id,
        ticket_uid: line.ticket._id,
        quantity: line.quantity,
      })),
    });
  }

  return (
    <div className="order-form registration-form">
      <form
        id={formId}
        className="order-form__main"
        onSubmit={submit}
        noValidate
        aria-busy={registration.isPlacing}
      >
        <TicketPicker
          show={show}
          paymentTypes={REGISTRATION_TICKET_TYPES}
          emptyMessage={esRegistration.noTickets}
          lines={lines}
          onQuantity={setQuantity}
        />
        <RegistrationDetails registration={registration} customFields={customFields} />
      </form>
      <aside className="order-form__aside card" aria-label={esRegistration.submitArea}>
        <OrderTotals
          pricing={priceOrder(chosen, show.settings.currency)}
          freeLabel={esRegistration.free}
        />
        {(cart?.items.length ?? 0) > 0 && <p className="notice">{esOrderForm.cartNotice}</p>}
        <RegistrationSubmit formId={formId} registration={registration} missing={missing} />
      </aside>
    </div>
  );
}
