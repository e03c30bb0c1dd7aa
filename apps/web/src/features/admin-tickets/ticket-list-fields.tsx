import { TICKET_TYPES } from '@taquilla/contract';
import type { AdminTicket } from '@taquilla/contract';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { ticketsTexts } from './admin-tickets.texts';
import { CheckField, FieldGroup } from './form-inputs';
import { emptyBundleItem, emptyRule } from './ticket-form-values';
import type { BundleItemValues, PriceRuleValues, TicketFormValues } from './ticket-form-values';

const t = ticketsTexts.form;

type ListProps<K extends keyof TicketFormValues> = {
  values: TicketFormValues[K];
  onChange: (next: TicketFormValues[K]) => void;
  errors: Readonly<Record<string, string>>;
};

function replaceAt<T>(list: readonly T[], index: number, patch: Partial<T>): T[] {
  return list.map((item, i) => (i === index ? { ...item, ...patch } : item));
}

/** Quantity discounts (price_rules): from N tickets, each costs this much. */
export function PriceRulesFields({ values, onChange, errors }: ListProps<'price_rules'>) {
  const set = (index: number, patch: Partial<PriceRuleValues>) =>
    onChange(replaceAt(values, index, patch));
  return (
    <>
      {values.map((rule, index) => (
        <FieldGroup
          key={index}
          legend={t.rule(index)}
          actions={
            <button
              type="button"
              className="button button--secondary"
              onClick={() => onChange(values.filter((_, i) => i !== index))}
            >
              {t.removeRule(index)}
            </button>
          }
        >
          <div className="field-grid">
            <TextField
              label={t.quantityMin}
              inputMode="numeric"
              value={rule.quantity_min}
              error={errors[`price_rules.${index}.quantity_min`]}
              onChange={(event) => set(index, { quantity_min: event.target.value })}
            />
            <TextField
              label={t.itemPrice}
              inputMode="decimal"
              value={rule.item_discount_price}
              error={errors[`price_rules.${index}.item_discount_price`]}
              onChange={(event) => set(index, { item_discount_price: event.target.value })}
            />
            <TextField
              label={t.itemPriceUsd}
              inputMode="decimal"
              value={rule.item_discount_price_usd}
              error={errors[`price_rules.${index}.item_discount_price_usd`]}
              onChange={(event) => set(index, { item_discount_price_usd: event.target.value })}
            />
          </div>
        </FieldGroup>
      ))}
      <div className="form__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onChange([...values, { ...emptyRule }])}
        >
          {t.addRule}
        </button>
      </div>
    </>
  );
}

/** What each unit of the ticket brings (bundle): another ticket of the show or any item. */
export function BundleFields({
  values,
  onChange,
  errors,
  otherTickets,
}: ListProps<'bundle'> & { otherTickets: readonly AdminTicket[] }) {
  const set = (index: number, patch: Partial<BundleItemValues>) =>
    onChange(replaceAt(values, index, patch));
  const ticketOptions = [
    { value: '', label: t.bundleNoTicket },
    ...otherTickets.map((ticket) => ({ value: ticket._id, label: ticket.fullname })),
  ];
  const typeOptions = TICKET_TYPES.map((type) => ({
    value: type,
    label: ticketsTexts.ticketType[type],
  }));
  return (
    <>
      {values.map((item, index) => {
        const at = (field: string) => errors[`bundle.${index}.${field}`];
        return (
          <FieldGroup
            key={index}
            legend={t.bundleItem(index)}
            actions={
              <button
                type="button"
                className="button button--secondary"
                onClick={() => onChange(values.filter((_, i) => i !== index))}
              >
                {t.removeBundle(index)}
              </button>
            }
          >
            <div className="field-grid">
              <SelectField
                label={t.bundleTicket}
                options={ticketOptions}
                value={item.ticket_uid}
                error={at('ticket_uid')}
                onChange={(event) => {
                  const ticket = otherTickets.find((other) => other._id === event.target.value);
                  set(index, {
                    ticket_uid: event.target.value,
                    ...(ticket && !item.code ? { code: ticket.code } : {}),
                    ...(ticket && !item.fullname ? { fullname: ticket.fullname } : {}),
                  });
                }}
              />
              <SelectField
                label={t.bundleType}
                options={typeOptions}
                value={item.type}
                error={at('type')}
                onChange={(event) =>
                  set(index, { type: event.target.value as BundleItemValues['type'] })
                }
              />
              <TextField
                label={t.bundleCode}
                value={item.code}
                error={at('code')}
                onChange={(event) => set(index, { code: event.target.value })}
              />
              <TextField
                label={t.bundleName}
                value={item.fullname}
                error={at('fullname')}
                onChange={(event) => set(index, { fullname: event.target.value })}
              />
              <TextField
                label={t.bundleAmount}
                inputMode="numeric"
                value={item.ammount}
                error={at('ammount')}
                onChange={(event) => set(index, { ammount: event.target.value })}
              />
              <TextField
                label={t.bundleNote}
                value={item.note}
                error={at('note')}
                onChange={(event) => set(index, { note: event.target.value })}
              />
            </div>
          </FieldGroup>
        );
      })}
      <div className="form__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onChange([...values, { ...emptyBundleItem }])}
        >
          {t.addBundle}
        </button>
      </div>
    </>
  );
}

/** A child date: `label` is what the ticket stores (its day and time), `name` the date's show. */
export type ChildDate = { _id: string; label: string; name?: string };

/** The child dates (funciones) the ticket is valid for; none ticked means every one. */
export function ShowDatesFields({
  values,
  onChange,
  errors,
  dates,
}: ListProps<'show_dates'> & { dates: readonly ChildDate[] }) {
  // Dates the ticket names that are not (or no longer) listed stay visible, to be removed.
  const known = new Set(dates.map((date) => date._id));
  const options: ChildDate[] = [
    ...dates,
    ...values
      .filter((date) => !known.has(date.value))
      .map((date) => ({ _id: date.value, label: date.label })),
  ];
  if (options.length === 0) return <p className="field__hint">{t.noDates}</p>;
  const chosen = new Set(values.map((date) => date.value));
  const error = Object.entries(errors).find(([field]) => field.startsWith('show_dates'))?.[1];
  return (
    <FieldGroup legend={t.dates} error={error}>
      <p className="field__hint">{t.datesHint}</p>
      {options.map((date) => (
        <CheckField
          key={date._id}
          label={date.name ? `${date.name} · ${date.label}` : date.label}
          checked={chosen.has(date._id)}
          onChange={(checked) =>
            onChange(
              checked
                ? [...values, { value: date._id, label: date.label }]
                : values.filter((value) => value.value !== date._id),
            )
          }
        />
      ))}
    </FieldGroup>
  );
}
