import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QR_UNKNOWN_CODES } from '../../../src/modules/etickets/etickets.qr-images.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createIssuedCodes, createShow } from '../../helpers/factories.ts';
import { expectRateLimited } from '../../helpers/rate-limited.ts';

let lastAddress = 0;
const newAddress = () => `198.51.100.${(lastAddress += 1)}`;

/**
 * The contract documents 404 TICKET_CODE_NOT_FOUND for GET /etickets/qr/{code}:
 * only an issued code draws (decision 0055), and the unknown codes an address
 * asks for are counted like the other code guesses (decision 0050).
 */
describe('GET /etickets/qr/{code}: issued codes only', () => {
  let t: TestApp;
  const issued = ['QRK2M3', 'QRK2M4', 'QRK2M5'];

  const qr = (code: string, remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: `/etickets/qr/${code}`, remoteAddress });

  beforeAll(async () => {
    t = await createTestApp();
    const show = await createShow(t.database.db);
    await createIssuedCodes(t.database.db, show.id, issued);
  });
  afterAll(() => t.close());

  it('draws an issued code, typed in any case, and answers 404 for a well-formed code nobody was issued', async () => {
    const ip = newAddress();
    const drawn = await qr('qrk2m3', ip);
    expect(drawn.statusCode).toBe(200);
    expect(drawn.headers['content-type']).toBe('image/png');
    expect(drawn.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const unknown = await qr('ZZ2ZZ2', ip);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: 'TICKET_CODE_NOT_FOUND',
      message: 'El código no existe',
    });
    expect(String(unknown.headers['cache-control'] ?? '')).not.toContain('immutable');
  });

  it('answers 429 with Retry-After past the unknown codes of an address; issued codes spend nothing of it', async () => {
    const ip = newAddress();
    // A ticket page asking for its own codes again and again never meets the budget.
    for (let i = 0; i < 3 * QR_UNKNOWN_CODES.limit; i += 1) {
      expect((await qr(issued[i % issued.length] as string, ip)).statusCode).toBe(200);
    }
    for (let i = 0; i < QR_UNKNOWN_CODES.limit; i += 1) {
      expect((await qr(`ZZ2ZZ${(i % 7) + 2}`, ip)).statusCode).toBe(404);
    }
    expectRateLimited(await qr('ZZ3ZZ3', ip), QR_UNKNOWN_CODES.windowSeconds);
    // Spent, it refuses even a good code, as the other failure budgets do.
    expectRateLimited(await qr(issued[0] as string, ip), QR_UNKNOWN_CODES.windowSeconds);
    // Another address is not touched.
    expect((await qr(issued[0] as string, newAddress())).statusCode).toBe(200);
  });
});
