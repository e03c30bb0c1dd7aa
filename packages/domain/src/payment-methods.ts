/** How a paid show can be bought from its page (000 §2 "Comprar"). */
export const PAYMENT_METHODS = ['DEPOSIT', 'CARD'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface PaymentMethodSettings {
  deposit?: boolean | null;
  quickbuy_link?: string | null;
  deposit_only?: boolean | null;
}

/**
 * Deposit or transfer needs both the deposit switch and a quick-buy link to send the buyer
 * to; card is offered unless the show is deposit-only. Listed in the specification's order.
 * A deposit-only show without a quick-buy link offers nothing: better no button than one
 * leading nowhere.
 */
export function availablePaymentMethods(settings: PaymentMethodSettings): PaymentMethod[] {
  const methods: PaymentMethod[] = [];
  const hasQuickbuyLink =
    typeof settings.quickbuy_link === 'string' && settings.quickbuy_link.trim() !== '';
  if (settings.deposit === true && hasQuickbuyLink) methods.push('DEPOSIT');
  if (settings.deposit_only !== true) methods.push('CARD');
  return methods;
}

/** The method chosen for the buyer when there is nothing to choose (exactly one offered). */
export function autoSelectedPaymentMethod(methods: readonly PaymentMethod[]): PaymentMethod | null {
  return methods.length === 1 ? (methods[0] ?? null) : null;
}

/** A show's page sells by card on its seat map, unless the show keeps to a registration-style list. */
export function sellsBySeatMap(settings: {
  has_map?: boolean | null;
  registration?: boolean | null;
}): boolean {
  return settings.has_map === true && settings.registration !== true;
}

/** A quick-buy link to another site keeps the deposit buyer going there (000 §3 quickbuy_link). */
export function isExternalQuickbuy(settings: { quickbuy_link?: string | null }): boolean {
  return /^https?:\/\//i.test(settings.quickbuy_link ?? '');
}
