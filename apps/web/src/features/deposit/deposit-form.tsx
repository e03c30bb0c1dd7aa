import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PromoCode, Show } from '@taquilla/contract';
import { formatMoney } from '@taquilla/domain';
import { isApiError } from '../../api/client';
import { TextField } from '../../components/form/text-field';
import { BuyerSection } from '../../order-form/buyer-fields';
import { buyerPaymentInfo } from '../../order-form/buyer-form';
import {
  CustomFields,
  customFieldsOf,
  customFieldsPaymentInfo,
  initialCustomValues,
} from '../../order-form/custom-fields';
import { esOrderForm } from '../../order-form/es-order-form';
import { orderFailure } from '../../order-form/order-failure';
import type { OrderFailure } from '../../order-form/order-failure';
import { priceOrder } from '../../order-form/order-pricing';
import { HeldCartNotice, OrderFormLayout } from '../../order-form/order-form-layout';
import { OrderSubmit } from '../../order-form/order-submit';
import { OrderTotals } from '../../order-form/order-totals';
import { TicketPicker } from '../../order-form/ticket-picker';
import { useBuyerForm } from '../../order-form/use-buyer-form';
import { usePlaceOrder } from '../../order-form/use-place-order';
import { useTicketLines } from '../../order-form/use-ticket-lines';
import { BankInfo } from './bank-info';
import { DepositPromo } from './deposit-promo';
import { DEPOSIT_REQUIRED, depositMissing, depositPaymentType } from './deposit-rules';
import { esDeposit } from './es-deposit';
import { ProofUpload } from './proof-upload';
import './deposit.css';

const t = esDeposit;
const DEPOSIT_TICKET_TYPES = ['BANK_DEPOSIT', 'ACCOUNT_BANK_DEPOSIT'] as const;
/**
 * Refusals of the proof itself (decisions 0019, 0065): said at the proof field, and the
 * buyer uploads another.
 */
const PROOF_ERRORS = new Set([
  'PROOF_LINK_INVALID',
  'PROOF_ALREADY_USED',
  'UPLOAD_INVALID_TYPE',
  'UPLOAD_TOO_LARGE',
]);

/** Where a registered deposit lands (000 §2). */
export function depositSuccessPath(showId: string, orderId: string): string {
  return `/shows/${encodeURIComponent(showId)}/quicklink/success/${encodeURIComponent(orderId)}`;
}

/**
 * The deposit form, "quick buy" (000 §2, §5): tickets sold by deposit or transfer, the
 * bank account, the proof upload, the buyer's data, the show's questions and a promo code.
 * "Registrar Pago" places a BANK_DEPOSIT order that waits for the organiser's review.
 */
export function DepositForm({ show }: { show: Show }) {
  const formId = useId();
  const proofTitleId = useId();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const buyer = useBuyerForm();
  const customFields = customFieldsOf(show.settings);
  const tickets = useTicketLines();
  const [proofLink, setProofLink] = useState<string | null>(null);
  // A new key empties the upload: the server refused the proof the order named, and why.
  const [proofKey, setProofKey] = useState(0);
  const [proofRefusal, setProofRefusal] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [customValues, setCustomValues] = useState(() => initialCustomValues(customFields));
  const [promo, setPromo] = useState<PromoCode | null>(null);
  const [isPlacing, setIsPlacing] = useState(false);
  const [failure, setFailure] = useState<OrderFailure | null>(null);

  const { currency } = show.settings;
  const askForNit = show.settings.ask_for_nit === true;
  const { chosen } = tickets;
  const pricing = priceOrder(chosen, currency, promo);
  const missing = depositMissing({
    ticketCount: tickets.ticketCount,
    proofLink,
    form: buyer.form,
    askForNit,
    customFields,
    customValues,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (missing.length > 0 || isPlacing || !proofLink) return;
    setIsPlacing(true);
    setFailure(null);
    try {
      const order = await placeOrder({
        paymentType: depositPaymentType(
          show.settings.deposit_payment_type,
          chosen.map((line) => line.ticket.payment_type),
        ),
        currency,
        items: tickets.cartItems(show._id),
        promoCode: promo?.code ?? null,
        paymentInfo: {
          ...buyerPaymentInfo(buyer.form),
          nit: askForNit ? buyer.form.nit.trim() : undefined,
          zip: undefined,
          reference: reference.trim() || undefined,
          file_info: proofLink,
          custom_fields: customFieldsPaymentInfo(customFields, customValues),
        },
        expectedTotal: pricing.total,
        saveInfo: buyer.isSignedIn && buyer.saveInfo,
      });
      navigate(depositSuccessPath(show._id, order._id), {
        state: { orderNumber: order.order_number },
      });
    } catch (error) {
      if (isApiError(error) && PROOF_ERRORS.has(error.error)) {
        // The reason is said once, at the proof; the button's alert points there.
        setFailure({ message: t.proof.refused, fields: {} });
        setProofRefusal(error.message);
        setProofLink(null);
        setProofKey((key) => key + 1);
      } else {
        setFailure(orderFailure(t.failed, error));
      }
      setIsPlacing(false);
    }
  }

  return (
    <OrderFormLayout
      formId={formId}
      className="deposit-form"
      onSubmit={submit}
      isBusy={isPlacing}
      asideLabel={t.payArea}
      aside={
        <>
          <OrderTotals pricing={pricing}>
            {show.settings.has_promo_code && (
              <DepositPromo
                showId={show._id}
                currency={currency}
                promo={promo}
                discount={pricing.discount}
                onPromo={setPromo}
              />
            )}
          </OrderTotals>
          <HeldCartNotice />
          <OrderSubmit
            formId={formId}
            label={t.submit}
            failure={failure}
            missing={missing.map((key) => t.missing[key])}
            missingIntro={t.missing.intro}
            isPlacing={isPlacing}
            processingLabel={t.processing}
          />
        </>
      }
    >
      <TicketPicker
        show={show}
        paymentTypes={DEPOSIT_TICKET_TYPES}
        emptyMessage={t.noTickets}
        lines={tickets.lines}
        onQuantity={tickets.setQuantity}
      />
      <BankInfo
        info={show.settings.deposit_info}
        total={chosen.length > 0 ? formatMoney(pricing.total, currency) : null}
      />
      <section className="order-form__section" aria-labelledby={proofTitleId}>
        <h3 className="order-form__section-title" id={proofTitleId}>
          {t.proof.title}
        </h3>
        <ProofUpload
          key={proofKey}
          showId={show._id}
          onLink={setProofLink}
          isDisabled={isPlacing}
          refusal={proofRefusal}
        />
        <TextField
          label={esOrderForm.buyer.optional(t.reference)}
          value={reference}
          maxLength={80}
          autoComplete="off"
          onChange={(event) => setReference(event.target.value)}
        />
      </section>
      <BuyerSection
        form={buyer.form}
        onChange={buyer.change}
        onBlur={buyer.blur}
        errorOf={(field) => buyer.errorOf(field, failure?.fields)}
        required={[...DEPOSIT_REQUIRED, ...(askForNit ? (['nit'] as const) : [])]}
        hidden={askForNit ? ['zip'] : ['zip', 'nit']}
        saveInfo={
          buyer.isSignedIn ? { checked: buyer.saveInfo, onChange: buyer.setSaveInfo } : undefined
        }
      />
      <CustomFields
        fields={customFields}
        values={customValues}
        onChange={(key, value) => setCustomValues((current) => ({ ...current, [key]: value }))}
      />
    </OrderFormLayout>
  );
}
