import type { AdminOrder } from '@taquilla/contract';
import { orderStatusLabel } from '@taquilla/domain';
import { ConsoleSection } from '../../components/console/console-page';
import { adminOrdersTexts as t } from './admin-orders.texts';
import { Facts, minusMoney, money, paymentTypeLabel, when } from './order-parts';
import { ConsoleTable } from '../../components/console/console-table-box';

const d = t.detail;

function placeOf(location: AdminOrder['tickets'][number]['location']): string {
  if (!location) return '';
  return [location.section, location.row, location.seat].filter(Boolean).join(' · ');
}

/** The lines bought, the totals and the promo codes applied. */
export function ItemsSection({ order }: { order: AdminOrder }) {
  const c = d.itemColumns;
  const cur = order.currency;
  // Lines without a seat or section (tickets sold by quantity) leave the column out.
  const hasPlaces = order.tickets.some((line) => placeOf(line.location) !== '');
  return (
    <ConsoleSection title={d.items}>
      <ConsoleTable
        label={d.items}
        columns={[
          { label: c.show },
          { label: c.ticket },
          ...(hasPlaces ? [{ label: c.place }] : []),
          { label: c.quantity, numeric: true },
          { label: c.price, numeric: true },
          { label: c.fee, numeric: true },
          { label: c.total, numeric: true },
        ]}
      >
        {order.tickets.map((line) => (
          <tr key={line._id}>
            <td>{line.show_name}</td>
            <td>{line.ticket_name}</td>
            {hasPlaces && <td>{placeOf(line.location)}</td>}
            <td className="numeric">{line.quantity}</td>
            <td className="numeric order-nowrap">{money(line.unit_price, cur)}</td>
            <td className="numeric order-nowrap">{money(line.fee, cur)}</td>
            <td className="numeric order-nowrap">
              {money(line.total_price + line.total_fee, cur)}
            </td>
          </tr>
        ))}
      </ConsoleTable>
      <Facts
        items={[
          [d.totals.subtotal, money(order.subtotal, cur)],
          [d.totals.fee, money(order.total_fee, cur)],
          [
            d.totals.discount,
            order.total_discount > 0 ? minusMoney(order.total_discount, cur) : null,
          ],
          [d.totals.total, <strong key="total">{money(order.total, cur)}</strong>],
          [
            d.promoCodes,
            order.promo_codes.length > 0
              ? order.promo_codes.map((p, index) => (
                  <span key={p.code}>
                    {index > 0 && ', '}
                    {p.code}{' '}
                    <span className="order-nowrap">({minusMoney(p.discount_amount, cur)})</span>
                  </span>
                ))
              : null,
          ],
        ]}
      />
    </ConsoleSection>
  );
}

/** The ticket codes, when each was activated and when it entered at the door. */
export function CodesSection({ order }: { order: AdminOrder }) {
  const c = d.codeColumns;
  return (
    <ConsoleSection title={d.codes}>
      {order.codes.length === 0 ? (
        <p className="console-empty">{d.noCodes}</p>
      ) : (
        <ConsoleTable
          label={d.codes}
          columns={[
            { label: c.code },
            { label: c.type },
            { label: c.activated },
            { label: c.checkedIn },
          ]}
        >
          {order.codes.map((code) => (
            <tr key={code._id}>
              <td className="order-code">{code.code}</td>
              <td>{d.ticketTypes[code.ticket_type] ?? code.ticket_type}</td>
              <td>{code.activated_at ? when(code.activated_at) : d.notYet}</td>
              <td>{code.checked_in_at ? when(code.checked_in_at) : d.notYet}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </ConsoleSection>
  );
}

/** How it was paid: the card's last four digits only, the deposit's reference and proof. */
export function PaymentSection({ order }: { order: AdminOrder }) {
  const info = order.payment_info;
  const response = order.payment_response;
  const card = info.cc_number ? [info.cc_brand, info.cc_number].filter(Boolean).join(' ') : null;
  return (
    <ConsoleSection title={d.payment}>
      <Facts
        items={[
          [d.paymentType, paymentTypeLabel(order.payment_type)],
          [d.card, card],
          [d.authorization, response?.authorization ?? null],
          [d.transaction, response?.transaction_id ?? null],
          [d.response, response?.response_text ?? null],
          [d.reference, order.buyer.reference],
        ]}
      />
      {order.proof_url && <ProofImage url={order.proof_url} orderNumber={order.order_number} />}
    </ConsoleSection>
  );
}

/** A deposit's proof, large enough to read a bank slip; the link opens it full size. */
export function ProofImage({ url, orderNumber }: { url: string; orderNumber: number }) {
  return (
    <figure className="order-proof">
      <a href={url} target="_blank" rel="noreferrer" className="order-proof__link">
        <img
          src={url}
          alt={t.queue.proofAlt(orderNumber)}
          className="order-proof__image"
          loading="lazy"
        />
      </a>
      <figcaption>
        <a href={url} target="_blank" rel="noreferrer">
          {d.openProof}
        </a>
      </figcaption>
    </figure>
  );
}

/** Who bought it, with the show's custom registration fields. */
export function BuyerSection({ order }: { order: AdminOrder }) {
  const b = order.buyer;
  const f = d.buyerFields;
  const name = [b.firstname, b.lastname].filter(Boolean).join(' ');
  const address = [b.address, b.city, b.state, b.zip].filter(Boolean).join(', ');
  const custom = Object.entries(b.custom_fields);
  return (
    <ConsoleSection title={d.buyer}>
      <Facts
        items={[
          [f.name, name],
          [f.email, b.email],
          [f.phone, b.phone],
          [f.address, address],
          [f.country, b.country],
          [f.nit, b.nit],
          [f.account, order.user_uid ? d.registered : d.guest],
          [f.referral, b.referral],
        ]}
      />
      {custom.length > 0 && (
        <>
          <h3 className="order-subtitle">{d.customFields}</h3>
          <Facts items={custom} />
        </>
      )}
    </ConsoleSection>
  );
}

/** The change_log, oldest first: what happened, who did it and why. */
export function HistorySection({ order }: { order: AdminOrder }) {
  return (
    <ConsoleSection title={d.history}>
      <ol className="order-timeline">
        {order.change_log.map((entry, index) => (
          <li key={`${entry.createdAt}-${index}`} className="order-timeline__entry">
            <time dateTime={entry.createdAt} className="order-muted">
              {when(entry.createdAt)}
            </time>
            <div>
              <strong>{entry.action_label}</strong>
              {entry.to_status && (
                <span className="order-muted">
                  {' '}
                  → {orderStatusLabel(entry.to_status, 'detail')}
                </span>
              )}
            </div>
            <div className="order-muted">
              {entry.actor ? d.byActor(entry.actor.fullname) : d.system}
            </div>
            {entry.reason && <div>{d.reason(entry.reason)}</div>}
          </li>
        ))}
      </ol>
    </ConsoleSection>
  );
}
