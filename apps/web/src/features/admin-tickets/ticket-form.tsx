import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { CURRENCIES, PAYMENT_TYPES, TICKET_TYPES } from '@taquilla/contract';
import { adminEndpoints } from '@taquilla/contract/plain';
import type { AdminShow, AdminTicket } from '@taquilla/contract';
import { ApiError, apiCall } from '../../api/client';
import { fieldErrors } from '../../components/form/field-errors';
import { FormAlert } from '../../components/form/form-alert';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { es } from '../../i18n/es';
import { ticketsTexts } from './admin-tickets.texts';
import { CheckField, FieldGroup, TextAreaField } from './form-inputs';
import { BundleFields, PriceRulesFields, ShowDatesFields } from './ticket-list-fields';
import type { ChildDate } from './ticket-list-fields';
import {
  emptyTicketValues,
  ticketBody,
  ticketErrors,
  ticketPatch,
  ticketValues,
} from './ticket-form-values';
import type { TicketFormValues } from './ticket-form-values';

const t = ticketsTexts.form;

type TicketFormProps = {
  show: AdminShow;
  /** The ticket being edited, with its latest figures; null for a new one. */
  ticket: AdminTicket | null;
  tickets: readonly AdminTicket[];
  dates: readonly ChildDate[];
  onSaved: (ticket: AdminTicket) => void;
  onCancel: () => void;
};

/** Create or edit one ticket with every field of the contract, checked by its schema first. */
export function TicketForm({ show, ticket, tickets, dates, onSaved, onCancel }: TicketFormProps) {
  const timeZone = show.timezone;
  const [original] = useState(() => (ticket ? ticketValues(ticket, timeZone) : emptyTicketValues));
  const [values, setValues] = useState<TicketFormValues>(original);
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  const set = <K extends keyof TicketFormValues>(key: K, value: TicketFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const text = (key: keyof TicketFormValues) => ({
    value: values[key] as string,
    error: errors[key],
    onChange: (event: { target: { value: string } }) =>
      set(key, event.target.value as TicketFormValues[typeof key]),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = ticket ? ticketPatch(values, original, timeZone) : ticketBody(values, timeZone);
    if (ticket && Object.keys(body).length === 0) {
      setErrors({});
      setFormError(t.nothingChanged);
      return;
    }
    const invalid = ticketErrors(body, !ticket);
    if (invalid.payment_type) invalid.payment_type = t.noPaymentType;
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) {
      setFormError(t.invalid);
      return;
    }
    setFormError(null);
    setBusy(true);
    try {
      const saved = ticket
        ? await apiCall(adminEndpoints.updateTicket, {
            params: { id: show._id, ticketId: ticket._id },
            body,
          })
        : await apiCall(adminEndpoints.createTicket, {
            params: { id: show._id },
            body: ticketBody(values, timeZone),
          });
      onSaved(saved);
    } catch (error) {
      const apiError =
        error instanceof ApiError ? error : new ApiError(0, 'INTERNAL_ERROR', es.errors.unexpected);
      const byField: Record<string, string> = { ...fieldErrors(apiError.fields) };
      if (apiError.error === 'CAPACITY_BELOW_COMMITTED') {
        byField.capacity = t.capacityBelow(ticket?.sold ?? 0, ticket?.held ?? 0);
      }
      if (apiError.error === 'TICKET_CODE_TAKEN') byField.code = apiError.message;
      setErrors(byField);
      setFormError(
        apiError.error === 'CAPACITY_BELOW_COMMITTED' ? byField.capacity! : apiError.message,
      );
    } finally {
      setBusy(false);
    }
  }

  const title = ticket ? t.editTitle(ticket.fullname) : t.createTitle;
  const optionsOf = <V extends string>(
    list: readonly V[],
    labels: Record<V, string>,
    empty: string,
  ) => [{ value: '', label: empty }, ...list.map((value) => ({ value, label: labels[value] }))];

  return (
    <section className="console-section" aria-labelledby="ticket-form-title">
      <h2 className="console-section__title" id="ticket-form-title" tabIndex={-1} ref={heading}>
        {title}
      </h2>
      <form className="form tickets-form" noValidate onSubmit={(event) => void submit(event)}>
        <h3 className="tickets-form__group">{t.general}</h3>
        <div className="field-grid">
          <TextField
            label={t.code}
            hint={t.codeHint}
            autoCapitalize="characters"
            {...text('code')}
          />
          <TextField label={t.fullname} {...text('fullname')} />
          <div className="field-grid__wide">
            <TextAreaField label={t.description} {...text('description')} />
          </div>
          <SelectField
            label={t.type}
            options={optionsOf(TICKET_TYPES, ticketsTexts.ticketType, t.typeDefault)}
            {...text('type')}
          />
          <TextField
            label={t.position}
            hint={ticket ? undefined : t.positionHint}
            inputMode="numeric"
            {...text('position')}
          />
        </div>

        <h3 className="tickets-form__group">{t.prices}</h3>
        <div className="field-grid">
          <TextField label={t.price} hint={t.amountHint} inputMode="decimal" {...text('price')} />
          <TextField
            label={t.priceUsd}
            hint={t.optionalUsd}
            inputMode="decimal"
            {...text('price_usd')}
          />
          <TextField label={t.fee} inputMode="decimal" {...text('fee')} />
          <TextField
            label={t.feeUsd}
            hint={t.optionalUsd}
            inputMode="decimal"
            {...text('fee_usd')}
          />
          <SelectField
            label={t.currency}
            options={optionsOf(CURRENCIES, { GTQ: 'GTQ', USD: 'USD' }, t.currencyDefault)}
            {...text('currency')}
          />
          <CheckField
            label={t.feeIncluded}
            checked={values.fee_included}
            onChange={(v) => set('fee_included', v)}
          />
        </div>

        <h3 className="tickets-form__group">{t.sale}</h3>
        <div className="field-grid">
          <TextField
            label={t.capacity}
            inputMode="numeric"
            hint={ticket ? t.capacityHint(ticket.sold, ticket.held) : undefined}
            {...text('capacity')}
          />
          <CheckField
            label={t.visible}
            checked={values.visible}
            onChange={(v) => set('visible', v)}
          />
          <TextField
            label={t.validSince}
            type="datetime-local"
            hint={t.windowHint(timeZone)}
            {...text('valid_since')}
          />
          <TextField label={t.validThru} type="datetime-local" {...text('valid_thru')} />
          <div className="field-grid__wide">
            <FieldGroup legend={t.paymentTypes} error={errors.payment_type}>
              {PAYMENT_TYPES.map((type) => (
                <CheckField
                  key={type}
                  label={ticketsTexts.paymentType[type]}
                  checked={values.payment_type.includes(type)}
                  onChange={(checked) =>
                    set(
                      'payment_type',
                      checked
                        ? PAYMENT_TYPES.filter((p) => p === type || values.payment_type.includes(p))
                        : values.payment_type.filter((p) => p !== type),
                    )
                  }
                />
              ))}
            </FieldGroup>
          </div>
        </div>

        <h3 className="tickets-form__group">{t.discounts}</h3>
        <PriceRulesFields
          values={values.price_rules}
          onChange={(next) => set('price_rules', next)}
          errors={errors}
        />

        <h3 className="tickets-form__group">{t.bundle}</h3>
        <BundleFields
          values={values.bundle}
          onChange={(next) => set('bundle', next)}
          errors={errors}
          otherTickets={tickets.filter((other) => other._id !== ticket?._id)}
        />

        <h3 className="tickets-form__group">{t.dates}</h3>
        <ShowDatesFields
          values={values.show_dates}
          onChange={(next) => set('show_dates', next)}
          errors={errors}
          dates={dates}
        />

        <h3 className="tickets-form__group">{t.more}</h3>
        <div className="field-grid">
          <TextField label={t.ticketId} {...text('ticket_id')} />
          <TextField label={t.location} {...text('location')} />
          <TextField label={t.ticketImage} {...text('ticket_image')} />
          <TextField label={t.qrColor} {...text('qr_color')} />
          <div className="field-grid__wide">
            <TextAreaField label={t.note} {...text('note')} />
          </div>
        </div>

        {formError && <FormAlert>{formError}</FormAlert>}
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={isBusy}>
            {isBusy ? t.saving : ticket ? t.save : t.create}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}
