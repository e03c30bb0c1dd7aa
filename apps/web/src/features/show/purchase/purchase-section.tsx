import { useId, useReducer } from 'react';
import type { Dispatch, ReactNode } from 'react';
import { CARD_PAYMENT_TYPES, DEPOSIT_PAYMENT_TYPES } from '@taquilla/contract/plain';
import type { Show } from '@taquilla/contract';
import {
  areSalesShown,
  autoSelectedPaymentMethod,
  availablePaymentMethods,
  isExternalQuickbuy,
  isPaid,
  sellsBySeatMap,
} from '@taquilla/domain';
import { es } from '../../../i18n/es';
import { SeatMap } from '../seat-map/seat-map';
import { DepositLink } from './deposit-link';
import { OrderSummary } from './order-summary';
import { PaymentMethodChoice } from './payment-method-choice';
import type { SaleForms } from './sale-forms';
import { initialSelection, selectionReducer } from './selection';
import type { PurchaseSelection, SelectionAction } from './selection';
import { ShowDateChoice } from './show-date-choice';
import { TicketSelection } from './ticket-selection';

type StepProps = {
  show: Show;
  selection: PurchaseSelection;
  dispatch: Dispatch<SelectionAction>;
};

/**
 * Card path (000 §2): the función first when the show has several dates; then the seat
 * map when it has one, or the plain ticket list. A show with `registration` keeps to the
 * list: its registration-style form comes with the registration issue.
 */
/** The show or función the card path sells: known once its date is chosen. */
function cardSaleShowId(show: Show, selection: PurchaseSelection): string | null {
  return show.settings.has_show_dates ? selection.dateId : show._id;
}

function CardPath({ show, selection, dispatch }: StepProps) {
  const { has_show_dates } = show.settings;
  const saleShowId = cardSaleShowId(show, selection);
  return (
    <>
      {has_show_dates && (
        <ShowDateChoice
          show={show}
          value={selection.dateId}
          onChange={(dateId) => dispatch({ type: 'chooseDate', dateId })}
        />
      )}
      {saleShowId &&
        (sellsBySeatMap(show.settings) ? (
          <SeatMap key={saleShowId} show={show} saleShowId={saleShowId} />
        ) : (
          <TicketSelection
            key={saleShowId}
            show={show}
            saleShowId={saleShowId}
            paymentTypes={CARD_PAYMENT_TYPES}
            emptyMessage={es.purchase.noCardTickets}
            selection={selection}
            dispatch={dispatch}
          />
        ))}
    </>
  );
}

/**
 * Deposit path (000 §2): the deposit form, with its own tickets, proof and total; or the
 * tickets and the way to another site's quick-buy form.
 */
function DepositPath({
  show,
  selection,
  dispatch,
  DepositForm,
}: StepProps & Pick<SaleForms, 'DepositForm'>) {
  if (!isExternalQuickbuy(show.settings)) return <DepositForm show={show} />;
  return (
    <>
      <TicketSelection
        show={show}
        saleShowId={show._id}
        paymentTypes={DEPOSIT_PAYMENT_TYPES}
        emptyMessage={es.purchase.noDepositTickets}
        selection={selection}
        dispatch={dispatch}
      />
      <DepositLink href={show.settings.quickbuy_link ?? ''} />
    </>
  );
}

type SectionProps = { show: Show; saleForms: SaleForms };

/** Paid shows: "Comprar", with the payment-method choice. */
function BuySection({ show, saleForms }: SectionProps) {
  const methods = availablePaymentMethods(show.settings);
  const [selection, dispatch] = useReducer(
    selectionReducer,
    autoSelectedPaymentMethod(methods),
    initialSelection,
  );
  // A seat map needs the page's whole width (40 seats of 25 px); the summary then follows it.
  const isMapShown = selection.method === 'CARD' && sellsBySeatMap(show.settings);
  // The deposit form carries its own total and submit.
  const isDepositForm = selection.method === 'DEPOSIT' && !isExternalQuickbuy(show.settings);
  return (
    <PurchaseFrame
      title={es.purchase.buyTitle}
      show={show}
      selection={selection}
      dispatch={dispatch}
      cartShowId={selection.method === 'CARD' ? cardSaleShowId(show, selection) : null}
      isWide={isMapShown}
      hasSummary={!isDepositForm}
    >
      {methods.length === 0 ? (
        <p className="notice">{es.purchase.noMethods}</p>
      ) : (
        <PaymentMethodChoice
          methods={methods}
          value={selection.method}
          onChange={(method) => dispatch({ type: 'chooseMethod', method })}
        />
      )}
      {selection.method === 'CARD' && (
        <CardPath show={show} selection={selection} dispatch={dispatch} />
      )}
      {selection.method === 'DEPOSIT' && (
        <DepositPath
          show={show}
          selection={selection}
          dispatch={dispatch}
          DepositForm={saleForms.DepositForm}
        />
      )}
    </PurchaseFrame>
  );
}

/** Unpaid shows: "Regístrate", the free registration form (000 §2). */
function RegisterSection({ show, saleForms: { RegistrationForm } }: SectionProps) {
  const [selection, dispatch] = useReducer(selectionReducer, null, initialSelection);
  return (
    <PurchaseFrame
      title={es.purchase.registerTitle}
      show={show}
      selection={selection}
      dispatch={dispatch}
      cartShowId={null}
      hasSummary={false}
    >
      <RegistrationForm show={show} />
    </PurchaseFrame>
  );
}

function PurchaseFrame({
  title,
  show,
  selection,
  dispatch,
  cartShowId,
  isWide = false,
  hasSummary = true,
  children,
}: StepProps & {
  title: string;
  cartShowId: string | null;
  isWide?: boolean;
  /** A form with its own total (deposit, registration) needs no order summary beside it. */
  hasSummary?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className="purchase" aria-labelledby={titleId}>
      <h2 className="purchase__title" id={titleId}>
        {title}
      </h2>
      <div className={`aside-layout${isWide || !hasSummary ? ' purchase__layout--wide' : ''}`}>
        <div className="purchase__steps">{children}</div>
        {hasSummary && (
          <OrderSummary
            show={show}
            selection={selection}
            dispatch={dispatch}
            cartShowId={cartShowId}
          />
        )}
      </div>
    </section>
  );
}

/** Ticket sales appear only for the statuses that show them (000 §4). */
export function PurchaseSection(props: SectionProps) {
  if (!areSalesShown(props.show.status)) return null;
  return isPaid(props.show.paid) ? <BuySection {...props} /> : <RegisterSection {...props} />;
}
