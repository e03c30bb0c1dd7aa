import type { SandboxCard } from '@taquilla/contract';
import { cardDeclineMessage, detectCardBrand, isValidCardNumber } from '@taquilla/domain';
import type { CardBrand, CardDeclineCode } from '@taquilla/domain';

// The sandbox's test cards: with any future expiry and any CVV of the right length.

const APPROVED_CARDS: ReadonlyArray<readonly [string, CardBrand]> = [
  ['4111111111111111', 'visa'],
  ['5555555555554444', 'mastercard'],
  ['378282246310005', 'amex'],
];

const CHALLENGE_CARD = '4000000000003220';

/** One visa per decline code, a series 4000 0000 0000 0NNc (c: the Luhn check digit). */
const DECLINE_CARDS: ReadonlyArray<readonly [string, CardDeclineCode]> = [
  ['4000000000000010', '14'],
  ['4000000000000028', '41'],
  ['4000000000000036', '43'],
  ['4000000000000044', '31'],
  ['4000000000000051', '19'],
  ['4000000000000069', '96'],
  ['4000000000000077', '58'],
  ['4000000000000085', '05'],
  ['4000000000000093', '51'],
  ['4000000000000101', '61'],
  ['4000000000000119', '203'],
  ['4000000000000127', '59'],
  ['4000000000000135', '481'],
  ['4000000000000143', '65'],
  ['4000000000000150', '91'],
  ['4000000000000168', 'SP4'],
  ['4000000000000176', '97'],
  ['4000000000000184', '3D2'],
  ['4000000000000192', '3D0'],
  ['4000000000000200', '3D1'],
];

/** The code the sandbox answers for a number that fails the card check (000 §8: invalid card). */
export const SANDBOX_INVALID_NUMBER_CODE = '14';

export const SANDBOX_CARDS: readonly SandboxCard[] = [
  ...APPROVED_CARDS.map(([number, brand]) => ({
    number,
    brand,
    outcome: 'APPROVED' as const,
    description: 'Aprobada',
  })),
  {
    number: CHALLENGE_CARD,
    brand: 'visa',
    outcome: '3DS',
    description: 'Pide la verificación 3-D Secure: se aprueba o rechaza en la página del reto',
  },
  ...DECLINE_CARDS.map(([number, code]) => ({
    number,
    brand: 'visa' as const,
    outcome: 'DECLINED' as const,
    response_code: code,
    description: `Rechazada con el código ${code}: ${cardDeclineMessage(code)}`,
  })),
];

const BY_NUMBER = new Map(SANDBOX_CARDS.map((card) => [card.number, card]));

export type SandboxOutcome =
  | { outcome: 'APPROVED' }
  | { outcome: '3DS' }
  | { outcome: 'DECLINED'; responseCode: string; numberIsValid: boolean };

/** What the sandbox does with a number: its test card's outcome; any other valid number passes. */
export function sandboxOutcomeOf(number: string): SandboxOutcome {
  const digits = number.replace(/[\s-]+/g, '');
  if (!isValidCardNumber(digits) || detectCardBrand(digits) === null) {
    return { outcome: 'DECLINED', responseCode: SANDBOX_INVALID_NUMBER_CODE, numberIsValid: false };
  }
  const card = BY_NUMBER.get(digits);
  if (card?.outcome === 'DECLINED' && card.response_code) {
    return { outcome: 'DECLINED', responseCode: card.response_code, numberIsValid: true };
  }
  return card?.outcome === '3DS' ? { outcome: '3DS' } : { outcome: 'APPROVED' };
}
