import { describe, expect, it } from 'vitest';
import { TEST_CARD_NUMBERS, TEST_CVVS } from '../helpers/test-cards.ts';
import { luhnValid, pansInSource, scanLine, scanText } from './matcher.ts';
import { unredactedUrls } from './url-secrets.ts';

/**
 * The whole run's card-data sweep can fail (decision 0051): a planted card number
 * or CVV in a log line, a dump row or a Redis value is found, and what real runs
 * are full of (timestamps, DPIs, ids, hashes, redacted fields) is not.
 */
const knowledge = { pans: TEST_CARD_NUMBERS, cvvs: TEST_CVVS };
const kinds = (line: string) => scanLine(line, 1, knowledge).map((f) => f.kind);

describe('card-data sweep matcher', () => {
  it('knows the Luhn check', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
  });

  it('finds a test card number in a pino line, even a mistyped one', () => {
    const line = `{"level":30,"time":1764170000000,"msg":"pago","body":"cc_number=4111111111111111"}`;
    expect(kinds(line)).toContain('pan-conocido');
    expect(kinds('{"n":"x4111111111111112y"}')).toEqual(['pan-conocido']);
  });

  it('finds an unknown Luhn-valid card number, plain or in groups', () => {
    // A Discover test number no test uses.
    expect(kinds('{"card":"6011000990139424"}')).toEqual(['pan-luhn']);
    expect(kinds('tarjeta 6011 0009 9013 9424 rechazada')).toEqual(['pan-luhn']);
    expect(kinds('amex 3714-496353-98431')).toEqual(['pan-luhn']);
  });

  it('finds a card number in a pg_dump COPY row and in a Redis listing', () => {
    const dump = [
      'COPY public.orders (id, status, payment_info) FROM stdin;',
      'ee0c\tPAID\t{"brand": "visa", "last4": "1111"}',
      'ee0d\tPAID\t{"brand": "mastercard", "number": "5555555555554444"}',
      '\\.',
    ].join('\n');
    const found = scanText(dump, knowledge);
    expect(found.map((f) => [f.kind, f.line])).toEqual([['pan-conocido', 3]]);
    // The report never prints the number itself.
    expect(found[0]?.masked).toBe('555555…4444');
    expect(found[0]?.excerpt).not.toContain('5555555555554444');
    const redis = 'taquilla:db:bull:mail:1\t{"data":"{\\"cc_number\\":\\"378282246310005\\"}"}';
    expect(kinds(redis)).toContain('pan-conocido');
  });

  it('finds a CVV field that is not the redaction marker, however it is written', () => {
    expect(kinds('{"payment_info":{"cc_cvv2":"739"}}')).toEqual(['campo-cvv']);
    expect(kinds('{"cvv": 412}')).toEqual(['campo-cvv']);
    expect(kinds('{"body":"{\\"cvc\\":\\"412\\"}"}')).toEqual(['campo-cvv']);
    expect(kinds('POST /pagar?cvv=412&x=1')).toEqual(['campo-cvv']);
    expect(kinds('security_code: 4121')).toEqual(['campo-cvv']);
    expect(kinds('{"payment_info":{"cc_cvv2":"[REDACTED]"}}')).toEqual([]);
    expect(kinds('{"body":"{\\"cvv\\":\\"[REDACTED]\\"}"}')).toEqual([]);
  });

  it('finds a CVV the tests send on a line that carries card data', () => {
    expect(kinds('{"cc_exp":"12/30","x":"7391"}')).toEqual(['cvv-conocido']);
    expect(kinds('ee0c\tANA LOPEZ\t826\tvisa')).toEqual(['cvv-conocido']);
    // Without card data on the line, a bare 123 is just a number.
    expect(kinds('{"responseTime":123,"items":1234}')).toEqual([]);
    // Nor inside a decimal, a longer number or one written in groups (an order row's phone).
    expect(kinds('{"cc_exp":"12/30","t":12.123,"n":91234}')).toEqual([]);
    expect(kinds('{"phone": "+502 5555 1234", "cc_name": "ANA LOPEZ"}')).toEqual([]);
    expect(kinds('{"phone": "+502 1234 5555", "cc_name": "ANA LOPEZ"}')).toEqual([]);
    // Nor a number inside a text or a word (a buyer named "Número 123", an order row).
    expect(
      kinds(
        '{"email": "comprador123@x.example", "lastname": "Número 123", "cc_number": "**** 1111"}',
      ),
    ).toEqual([]);
    // But a value of its own still is, however it is written.
    expect(kinds('{"cc_number": "**** 1111", "extra": 123}')).toEqual(['cvv-conocido']);
    expect(kinds('{"cc_number": "**** 1111", "a": [1, 123]}')).toEqual(['cvv-conocido']);
    expect(kinds('cc_exp=12/30&x=123')).toEqual(['cvv-conocido']);
  });

  it('leaves alone what the run is full of', () => {
    const quiet = [
      '{"level":30,"time":1764170000000,"pid":4123,"reqId":"req-1","msg":"request completed","responseTime":12.53}',
      // Durations whose long fractions pass Luhn (as real responseTime values did).
      '{"responseTime":8.3486451234569467,"t":16.428592123450207}',
      // A 13-digit DPI, a UUID, a SHA-256 hex digest, a bcrypt hash, an ISO time.
      '{"dpi":"2456789012345","id":"3f2b6c1e-9a4d-4c1b-8f7e-123456789012"}',
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      '$2b$10$N9qo8uLOickgx2ZMRZoMye4111111111111111IjZAgcfl7p92ldGxad68LJZdL17lhWy',
      '2026-11-26 14:52:22.123456+00\t{"brand":"visa","last4":"1111"}',
      // A 16-digit run that fails Luhn, and one that starts like no card.
      '{"n":"1234567812345678","m":"9111111111111111"}',
    ];
    // The bcrypt line holds a known PAN glued inside a word: only the literal search would see it.
    expect(quiet.flatMap((line) => kinds(line))).toEqual(['pan-conocido']);
    expect(kinds(quiet[0] as string)).toEqual([]);
  });

  it('collects the card numbers written in test sources', () => {
    const source = `const A = '4111111111111111'; fill('4000 0000 0000 3220'); const id = "12345"; x("4111111111111112")`;
    expect(pansInSource(source).sort()).toEqual(
      ['4000000000003220', '4111111111111111', '4111111111111112'].sort(),
    );
  });
});

describe('bearer values in logged URLs (decision 0060)', () => {
  it('finds an activation or QR code, a cart session, s=, dpi= or e-mail left in a logged URL', () => {
    for (const url of [
      '/viewers/viewers/v1/activate/T5UK7M',
      '/etickets/qr/T5UK7M?color=000000',
      '/cart/carts/abc123/promo-codes/VERANO',
      '/shows/s1/chat/session?s=eyJhbGciOi.firma',
      '/cart/orders/teleton/?dpi=2345678901234',
      '/cart/orders?email=rosa%40example.com',
    ]) {
      const line = `{"level":30,"reqId":"r1","req":{"method":"GET","url":"${url}"},"msg":"incoming request"}`;
      const found = unredactedUrls(line);
      expect(found, url).toHaveLength(1);
      expect(found[0]?.redacted).toContain('[REDACTED]');
    }
    expect(unredactedUrls('{"url.path":"/etickets/qr/T5UK7M"}')).toHaveLength(1);
  });

  it('leaves redacted and public URLs alone', () => {
    for (const url of [
      '/viewers/viewers/v1/activate/[REDACTED]',
      '/shows/s1/chat/session?s=[REDACTED]',
      '/cart/orders/teleton/?dpi=[REDACTED]&show_uid=s1',
      '/shows/s1/tickets?paymentType=CREDIT_CARD',
      '/admin/orders?page=2&page_size=20',
    ]) {
      expect(unredactedUrls(`{"req":{"url":"${url}"}}`), url).toEqual([]);
    }
  });
});
