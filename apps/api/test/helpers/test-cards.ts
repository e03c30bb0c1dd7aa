import { SANDBOX_CARDS } from '../../src/modules/payments/sandbox.cards.ts';

/**
 * Every card number and CVV the tests send, for the whole run's card-data sweep
 * (decision 0051, test/sweep/). The sweep adds every PAN-shaped literal it finds
 * in the test sources (apps/api/test, apps/web/e2e, apps/web/src), so a test that
 * writes a new number by hand is still covered; a number that fails the Luhn check
 * (a mistyped card) is only found by the literal search, so it is listed here.
 */
export const TEST_CARD_NUMBERS: readonly string[] = [
  ...SANDBOX_CARDS.map((card) => card.number),
  // payments-sandbox: other well-known test numbers, one typed with spaces.
  '4012888888881881',
  '5105105105105100',
  // Mistyped numbers (a wrong check digit): refused, and never echoed either.
  '4111111111111112',
];

/** A CVV the tests send, and the card-data words that must sit on the same line for it to count. */
export interface TestCvv {
  cvv: string;
  /** Any of these on the line makes a bare occurrence of the CVV a finding. */
  context: readonly string[];
}

/** What the tests' card payments carry next to a CVV (helpers/checkout.ts cardInfo, the e2e checkout). */
export const CARD_CONTEXT: readonly string[] = [
  'cc_number',
  'cc_exp',
  'cc_name',
  'ANA LOPEZ',
  '12/30',
  'card_number',
  'cardNumber',
];

/** cardInfo's defaults ('123', amex '1234'), card-data.test.ts's own, payments-sandbox's and orders-card's. */
export const TEST_CVVS: readonly TestCvv[] = [
  '123',
  '1234',
  '739',
  '826',
  '517',
  '639',
  '7391',
  '987',
  '000',
].map((cvv) => ({ cvv, context: CARD_CONTEXT }));
