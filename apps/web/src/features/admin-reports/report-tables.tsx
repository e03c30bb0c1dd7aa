import type { ReactNode } from 'react';
import type { SalesFigures, SalesReport } from '@taquilla/contract';
import { adminReportsTexts as t } from './admin-reports.texts';
import { dayLabel, money } from './report-format';
import { ConsoleTable, ConsoleTableBox } from '../../components/console/console-table-box';

/** One card per figure, one row of cards per currency (quetzales and dollars never add up). */
export function TotalsCards({ totals }: { totals: SalesReport['totals'] }) {
  if (totals.length === 0) return <p className="console-empty">{t.noSales}</p>;
  const c = t.totals;
  return (
    <div className="report-totals">
      {totals.map((row) => (
        <section key={row.currency} aria-label={c.currency(row.currency)}>
          <h3 className="report-totals__currency">{c.currency(row.currency)}</h3>
          <dl className="report-cards">
            <Card label={c.orders} value={row.orders} />
            <Card label={c.places} value={row.places} />
            <Card label={c.gross} value={money(row.gross, row.currency)} />
            <Card label={c.fees} value={money(row.fees, row.currency)} />
            <Card label={c.discounts} value={money(row.discounts, row.currency)} />
            <Card label={c.net} value={money(row.net, row.currency)} strong />
          </dl>
        </section>
      ))}
    </div>
  );
}

function Card({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <div className={`report-card${strong ? ' report-card--strong' : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

const FIGURE_COLUMNS = ['orders', 'places', 'gross', 'fees', 'discounts', 'net'] as const;

/** The figures of a row in the table's cells, amounts in the row's currency. */
function FigureCells({ row }: { row: SalesFigures }) {
  return (
    <>
      <td>{row.currency}</td>
      <td className="numeric">{row.orders}</td>
      <td className="numeric">{row.places}</td>
      <td className="numeric">{money(row.gross, row.currency)}</td>
      <td className="numeric">{money(row.fees, row.currency)}</td>
      <td className="numeric">{money(row.discounts, row.currency)}</td>
      <td className="numeric">{money(row.net, row.currency)}</td>
    </>
  );
}

function FigureHeaders() {
  return (
    <>
      <th scope="col">{t.columns.currency}</th>
      {FIGURE_COLUMNS.map((key) => (
        <th key={key} scope="col" className="numeric">
          {t.columns[key]}
        </th>
      ))}
    </>
  );
}

/** A table of figures keyed by a first column (the day, the payment type). */
function FiguresTable<R extends SalesFigures>({
  caption,
  keyHeader,
  rows,
  keyOf,
  labelOf,
}: {
  caption: string;
  keyHeader: string;
  rows: R[];
  keyOf: (row: R) => string;
  labelOf: (row: R) => string;
}) {
  if (rows.length === 0) return <p className="console-empty">{t.noSales}</p>;
  return (
    <ConsoleTableBox label={caption}>
      <table className="console-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{keyHeader}</th>
            <FigureHeaders />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${keyOf(row)}-${row.currency}`}>
              <th scope="row">{labelOf(row)}</th>
              <FigureCells row={row} />
            </tr>
          ))}
        </tbody>
      </table>
    </ConsoleTableBox>
  );
}

export function ByDayTable({ rows }: { rows: SalesReport['by_day'] }) {
  return (
    <FiguresTable
      caption={t.byDay.table}
      keyHeader={t.byDay.day}
      rows={rows}
      keyOf={(row) => row.day}
      labelOf={(row) => dayLabel(row.day)}
    />
  );
}

export function ByPaymentTypeTable({ rows }: { rows: SalesReport['by_payment_type'] }) {
  return (
    <FiguresTable
      caption={t.byPaymentType.table}
      keyHeader={t.byPaymentType.paymentType}
      rows={rows}
      keyOf={(row) => row.payment_type}
      labelOf={(row) => t.paymentTypes[row.payment_type]}
    />
  );
}

export function ByTicketTable({ rows }: { rows: SalesReport['by_ticket'] }) {
  if (rows.length === 0) return <p className="console-empty">{t.byTicket.noTickets}</p>;
  const c = t.byTicket;
  return (
    <ConsoleTable
      label={c.table}
      columns={[
        { label: c.ticket },
        { label: c.capacity, numeric: true },
        { label: c.sold, numeric: true },
        { label: c.held, numeric: true },
        { label: c.left, numeric: true },
        { label: c.places, numeric: true },
        { label: c.amount, numeric: true },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.ticket_uid}>
          <th scope="row">{row.name}</th>
          <td className="numeric">{row.capacity}</td>
          <td className="numeric">{row.sold}</td>
          <td className="numeric">{row.held}</td>
          <td className="numeric">{row.left}</td>
          <td className="numeric">{row.places}</td>
          <td className="numeric report-amounts">
            {row.sales.length === 0
              ? '—'
              : row.sales.map((sale) => (
                  <div key={sale.currency}>{money(sale.net, sale.currency)}</div>
                ))}
          </td>
        </tr>
      ))}
    </ConsoleTable>
  );
}

export function Attendance({ attendance }: { attendance: SalesReport['attendance'] }) {
  const c = t.attendance;
  const issued = attendance.codes_issued;
  return (
    <dl className="report-cards">
      <Card label={c.issued} value={issued} />
      <Card
        label={c.checkedIn}
        value={
          <>
            {attendance.checked_in}{' '}
            <span className="report-card__share">{c.share(attendance.checked_in, issued)}</span>
          </>
        }
        strong
      />
      <Card
        label={c.activated}
        value={
          <>
            {attendance.activated}{' '}
            <span className="report-card__share">{c.share(attendance.activated, issued)}</span>
          </>
        }
      />
    </dl>
  );
}
