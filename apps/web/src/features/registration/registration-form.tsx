import { useId } from 'react';
import type { FormEvent } from 'react';
import type { Show } from '@taquilla/contract';
import { customFieldsOf } from '../../order-form/custom-fields';
import { HeldCartNotice, OrderFormLayout } from '../../order-form/order-form-layout';
import { priceOrder } from '../../order-form/order-pricing';
import { OrderTotals } from '../../order-form/order-totals';
import { TicketPicker } from '../../order-form/ticket-picker';
import { useTicketLines } from '../../order-form/use-ticket-lines';
import { esRegistration } from './es-registration';
import { RegistrationDetails, RegistrationSubmit } from './registration-parts';
import { useRegistration } from './use-registration';

const REGISTRATION_TICKET_TYPES = ['REGISTRATION'] as const;

/**
 * The free registration of an unpaid show (000 §2 "Regístrate"): its registration tickets,
 * the buyer's data and the show's questions; "Completar Registro" places a REGISTRATION
 * order, approved at once. No account is needed (000 §6).
 */
export function RegistrationForm({ show }: { show: Show }) {
  const formId = useId();
  const customFields = customFieldsOf(show.settings);
  const registration = useRegistration(customFields);
  const tickets = useTicketLines();
  const missing = registration.missingFor(tickets.ticketCount);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (missing.length > 0 || registration.isPlacing) return;
    void registration.register({
      showId: show._id,
      currency: show.settings.currency,
      items: tickets.cartItems(show._id),
    });
  }

  return (
    <OrderFormLayout
      formId={formId}
      className="registration-form"
      onSubmit={submit}
      isBusy={registration.isPlacing}
      asideLabel={esRegistration.submitArea}
      aside={
        <>
          <OrderTotals
            pricing={priceOrder(tickets.chosen, show.settings.currency)}
            freeLabel={esRegistration.free}
          />
          <HeldCartNotice />
          <RegistrationSubmit formId={formId} registration={registration} missing={missing} />
        </>
      }
    >
      <TicketPicker
        show={show}
        paymentTypes={REGISTRATION_TICKET_TYPES}
        emptyMessage={esRegistration.noTickets}
        lines={tickets.lines}
        onQuantity={tickets.setQuantity}
      />
      <RegistrationDetails registration={registration} customFields={customFields} />
    </OrderFormLayout>
  );
}
