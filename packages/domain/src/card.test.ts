import { describe, expect, it } from 'vitest';
import {
  CARD_DECLINE_CODES,
  CARD_DECLINE_DEFAULT_MESSAGE,
  CARD_DECLINE_MESSAGES,
  PRINTABLE_LATIN1_MESSAGE,
  cardDeclineMessage,
  cardLast4,
  cvvMaxLength,
  detectCardBrand,
  formatCardNumber,
  isPrintableLatin1,
  isValidCardNumber,
  isValidZip,
  isZipRequired,
  validateCardExpiry,
  validateCvv,
} from './card.ts';

const VISA = '4111111111111111';
const MASTERCARD = '5555555555554444';
const AMEX = '378282246310005';

describe('card brand detection', () => {
  it('detects visa by its leading 4', () => {
    expect(detectCardBrand(VISA)).toBe('visa');
    expect(detectCardBrand('4')).toBe('visa');
  });

  it('detects mastercard from 51 to 55', () => {
    expect(detectCardBrand('5100000000000008')).toBe('mastercard');
    expect(detectCardBrand('5599999999999997')).toBe('mastercard');
    expect(detectCardBrand('5000000000000000')).toBeNull();
    expect(detectCardBrand('5600000000000000')).toBeNull();
  });

  it('detects mastercard from 2221 to 2720', () => {
    expect(detectCardBrand('2221000000000009')).toBe('mastercard');
    expect(detectCardBrand('2720999999999996')).toBe('mastercard');
    expect(detectCardBrand('2220999999999999')).toBeNull();
    expect(detectCardBrand('2721000000000000')).toBeNull();
  });

  it('detects amex by 34 and 37 only', () => {
    expect(detectCardBrand('340000000000009')).toBe('amex');
    expect(detectCardBrand(AMEX)).toBe('amex');
    expect(detectCardBrand('350000000000000')).toBeNull();
    expect(detectCardBrand('360000000000000')).toBeNull();
  });

  it('ignores spaces and hyphens and refuses other characters', () => {
    expect(detectCardBrand('5555 5555-5555 4444')).toBe('mastercard');
    expect(detectCardBrand('3782 822463 10005')).toBe('amex');
    expect(detectCardBrand('4111x')).toBeNull();
    expect(detectCardBrand('')).toBeNull();
    expect(detectCardBrand('6011111111111117')).toBeNull();
  });
});

describe('card number check', () => {
  it('accepts numbers that pass Luhn', () => {
    expect(isValidCardNumber(VISA)).toBe(true);
    expect(isValidCardNumber(MASTERCARD)).toBe(true);
    expect(isValidCardNumber(AMEX)).toBe(true);
    expect(isValidCardNumber('4111 1111-1111 1111')).toBe(true);
    expect(isValidCardNumber('4222222222222')).toBe(true);
  });

  it('refuses a number whose check digit is wrong', () => {
    expect(isValidCardNumber('4111111111111112')).toBe(false);
    expect(isValidCardNumber('5555555555554440')).toBe(false);
    expect(isValidCardNumber('378282246310006')).toBe(false);
  });

  it('needs 13 to 19 digits, and exactly 15 for amex', () => {
    expect(isValidCardNumber('411111111111')).toBe(false);
    expect(isValidCardNumber('41111111111111111111')).toBe(false);
    expect(isValidCardNumber('4000000000000000006')).toBe(true);
    expect(isValidCardNumber('3700000000000000')).toBe(false);
    expect(isValidCardNumber('34000000000000')).toBe(false);
  });

  it('refuses letters and empty input', () => {
    expect(isValidCardNumber('4111a11111111111')).toBe(false);
    expect(isValidCardNumber('')).toBe(false);
  });
});

describe('card number display', () => {
  it('groups 4-4-4-4', () => {
    expect(formatCardNumber(VISA)).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('5555-5555-5555-4444')).toBe('5555 5555 5555 4444');
  });

  it('groups amex 4-6-5', () => {
    expect(formatCardNumber(AMEX)).toBe('3782 822463 10005');
  });

  it('formats partial input while typing and caps the length', () => {
    expect(formatCardNumber('41111')).toBe('4111 1');
    expect(formatCardNumber('378282')).toBe('3782 82');
    expect(formatCardNumber('3782822463100059999')).toBe('3782 822463 10005');
    expect(formatCardNumber('41111111111111111111111')).toBe('4111 1111 1111 1111 111');
    expect(formatCardNumber('')).toBe('');
  });
});

describe('CVV', () => {
  it('is 4 digits long for amex, otherwise 3', () => {
    expect(cvvMaxLength(AMEX)).toBe(4);
    expect(cvvMaxLength(VISA)).toBe(3);
    expect(cvvMaxLength(MASTERCARD)).toBe(3);
    expect(cvvMaxLength('')).toBe(3);
  });

  it('accepts a code of the brand’s length', () => {
    expect(validateCvv('123', VISA)).toBeNull();
    expect(validateCvv('1234', AMEX)).toBeNull();
    expect(validateCvv('090', VISA)).toBeNull();
  });

  it('refuses the wrong length or non-digits', () => {
    expect(validateCvv('1234', VISA)).toBe('El código de seguridad es inválido');
    expect(validateCvv('123', AMEX)).toBe('El código de seguridad es inválido');
    expect(validateCvv('12a', VISA)).toBe('El código de seguridad es inválido');
    expect(validateCvv('', VISA)).toBe('El código de seguridad es inválido');
    expect(validateCvv('0', VISA)).toBe('El código de seguridad es inválido');
  });

  it('refuses all zeros or all nines of length two or more', () => {
    const message =
      'El código de seguridad no puede ser una secuencia de tres o más ceros o nueves';
    expect(validateCvv('000', VISA)).toBe(message);
    expect(validateCvv('999', MASTERCARD)).toBe(message);
    expect(validateCvv('0000', AMEX)).toBe(message);
    expect(validateCvv('9999', AMEX)).toBe(message);
    expect(validateCvv('00', VISA)).toBe(message);
    expect(validateCvv('909', VISA)).toBeNull();
  });
});

describe('card expiry (MM/AA)', () => {
  // 15 June 2027 in Guatemala.
  const NOW = new Date('2027-06-15T18:00:00Z');

  it('accepts this month and later', () => {
    expect(validateCardExpiry('06/27', NOW)).toBeNull();
    expect(validateCardExpiry('07/27', NOW)).toBeNull();
    expect(validateCardExpiry('01/28', NOW)).toBeNull();
    expect(validateCardExpiry(' 12 / 30 ', NOW)).toBeNull();
  });

  it('refuses a value not shaped MM/AA', () => {
    const message = 'La fecha de expiración es inválida';
    expect(validateCardExpiry('6/27', NOW)).toBe(message);
    expect(validateCardExpiry('06/2027', NOW)).toBe(message);
    expect(validateCardExpiry('0627', NOW)).toBe(message);
    expect(validateCardExpiry('', NOW)).toBe(message);
  });

  it('refuses a month outside 01 to 12', () => {
    expect(validateCardExpiry('00/28', NOW)).toBe('El mes de expiración debe estar entre 01 y 12');
    expect(validateCardExpiry('13/28', NOW)).toBe('El mes de expiración debe estar entre 01 y 12');
  });

  it('refuses a past year', () => {
    expect(validateCardExpiry('12/26', NOW)).toBe(
      'El año de expiración no puede estar en el pasado',
    );
  });

  it('refuses a past month of this year', () => {
    expect(validateCardExpiry('05/27', NOW)).toBe(
      'La fecha de expiración no puede estar en el pasado',
    );
  });

  it('follows the Guatemalan calendar at a month’s turn', () => {
    // 1 July 03:00 UTC is still 30 June 21:00 in Guatemala.
    expect(validateCardExpiry('06/27', new Date('2027-07-01T03:00:00Z'))).toBeNull();
    expect(validateCardExpiry('06/27', new Date('2027-07-01T07:00:00Z'))).toBe(
      'La fecha de expiración no puede estar en el pasado',
    );
  });
});

describe('printable Latin-1 text', () => {
  it('accepts letters, digits, accents and basic symbols', () => {
    expect(isPrintableLatin1('José Pérez Núñez, 5a. Avenida #3-21 ¿?')).toBe(true);
    expect(isPrintableLatin1('')).toBe(true);
  });

  it('refuses control characters and anything beyond Latin-1', () => {
    expect(isPrintableLatin1('línea\nnueva')).toBe(false);
    expect(isPrintableLatin1('tab\t')).toBe(false);
    expect(isPrintableLatin1('Łukasz')).toBe(false);
    expect(isPrintableLatin1('café ☕')).toBe(false);
    expect(isPrintableLatin1('😀')).toBe(false);
  });

  it('has the spec’s message', () => {
    expect(PRINTABLE_LATIN1_MESSAGE).toBe(
      'Por favor ingresa solo caracteres válidos (letras, números y símbolos básicos)',
    );
  });
});

describe('last four digits', () => {
  it('keeps only the last four digits', () => {
    expect(cardLast4('4111 1111 1111 1234')).toBe('1234');
    expect(cardLast4(AMEX)).toBe('0005');
  });
});

describe('zip code', () => {
  it('is required in the US and Canada only', () => {
    expect(isZipRequired('US')).toBe(true);
    expect(isZipRequired('ca')).toBe(true);
    expect(isZipRequired('GT')).toBe(false);
    expect(isValidZip('', 'US')).toBe(false);
    expect(isValidZip(undefined, 'CA')).toBe(false);
    expect(isValidZip(null, 'GT')).toBe(true);
    expect(isValidZip('', 'MX')).toBe(true);
  });

  it('checks the US and Canadian formats', () => {
    expect(isValidZip('90210', 'US')).toBe(true);
    expect(isValidZip('90210-1234', 'US')).toBe(true);
    expect(isValidZip('9021', 'US')).toBe(false);
    expect(isValidZip('K1A 0B1', 'CA')).toBe(true);
    expect(isValidZip('k1a0b1', 'CA')).toBe(true);
    expect(isValidZip('12345', 'CA')).toBe(false);
  });
});

describe('card decline messages (000 §8)', () => {
  it('lists the twenty codes of the specification', () => {
    expect([...CARD_DECLINE_CODES]).toEqual([
      '14',
      '41',
      '43',
      '31',
      '19',
      '96',
      '58',
      '05',
      '51',
      '61',
      '203',
      '59',
      '481',
      '65',
      '91',
      'SP4',
      '97',
      '3D2',
      '3D0',
      '3D1',
    ]);
  });

  it('uses the spec’s exact texts where it gives them', () => {
    for (const code of ['14', '41', '43']) {
      expect(cardDeclineMessage(code)).toBe(
        'La transacción no pudo ser completada. Tarjeta no válida o no soportada.',
      );
    }
    expect(cardDeclineMessage('31')).toBe(
      'La transacción no pudo ser completada. Tarjeta no soportada por SWITCH',
    );
    for (const code of ['19', '96', '58']) {
      expect(cardDeclineMessage(code)).toBe(
        'La transacción no pudo ser completada, por favor intenta nuevamente.',
      );
    }
  });

  it('sends issuer rejections to the bank', () => {
    for (const code of ['05', '51', '61', '203']) {
      expect(cardDeclineMessage(code)).toMatch(
        /banco emisor.*revisa.*datos.*comunícate con tu banco/i,
      );
    }
  });

  it('asks to wait 24 hours after an anti-fraud rejection', () => {
    for (const code of ['59', '481']) {
      expect(cardDeclineMessage(code)).toMatch(/antifraude.*24 horas/);
    }
  });

  it('says not to retry on a limit or an unsupported card', () => {
    expect(cardDeclineMessage('65')).toMatch(/límite.*no intentes nuevamente/);
    expect(cardDeclineMessage('91')).toMatch(/no es soportada.*no intentes nuevamente/);
  });

  it('asks for additional authentication on SP4', () => {
    expect(cardDeclineMessage('SP4')).toMatch(/autenticación adicional/);
  });

  it('reports a validation error on 97 and 3D2', () => {
    expect(cardDeclineMessage('97')).toMatch(/error de validación/);
    expect(cardDeclineMessage('3D2')).toBe(cardDeclineMessage('97'));
  });

  it('asks for another card when it lacks 3-D Secure', () => {
    for (const code of ['3D0', '3D1']) {
      expect(cardDeclineMessage(code)).toMatch(/3-D Secure.*otra tarjeta/);
    }
  });

  it('gives every listed code a message of its own kind, never the server text', () => {
    for (const code of CARD_DECLINE_CODES) {
      expect(cardDeclineMessage(code, 'texto del servidor')).toBe(CARD_DECLINE_MESSAGES[code]);
      expect(CARD_DECLINE_MESSAGES[code]).not.toBe(CARD_DECLINE_DEFAULT_MESSAGE);
    }
  });

  it('reads codes written loosely', () => {
    expect(cardDeclineMessage('5')).toBe(CARD_DECLINE_MESSAGES['05']);
    expect(cardDeclineMessage(' 3d1 ')).toBe(CARD_DECLINE_MESSAGES['3D1']);
    expect(cardDeclineMessage('sp4')).toBe(CARD_DECLINE_MESSAGES.SP4);
  });

  it('falls back to the server text, then to the spec’s default', () => {
    expect(cardDeclineMessage('XYZ', 'Fondos insuficientes')).toBe('Fondos insuficientes');
    expect(cardDeclineMessage('XYZ', '   ')).toBe(
      'La transacción ha sido denegada. Revisa que todos los datos esten correctos.',
    );
    expect(cardDeclineMessage(null)).toBe(CARD_DECLINE_DEFAULT_MESSAGE);
    expect(cardDeclineMessage(undefined, 'Denegada')).toBe('Denegada');
  });
});
