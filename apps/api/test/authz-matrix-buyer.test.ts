import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app.ts';
import type { TestApp } from './helpers/app.ts';
import { CALLERS, createWorld, runRow } from './helpers/authz-matrix.ts';
import type { World } from './helpers/authz-matrix.ts';
import { ACCOUNT_ROWS } from './helpers/authz-rows-account.ts';
import { BUYER_ROWS, ORDER_ROWS, PROOF_ROWS } from './helpers/authz-rows-buyer.ts';

/**
 * Issue 13, decision 0046: every buyer-side route that takes an id, tried by
 * another viewer, another producer, an anonymous caller, a stranger's session
 * and a forged token: no data, nothing changed; the owner's own call works.
 */
describe('authorisation matrix: carts, orders, proofs, accounts, sessions, viewer-shows, poll answers', () => {
  let t: TestApp;
  let w: World;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'taquilla-authz-'));
    t = await createTestApp({ config: { STORAGE_DIR: dir } });
    w = await createWorld(t);
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  for (const row of [...BUYER_ROWS, ...ORDER_ROWS, ...PROOF_ROWS, ...ACCOUNT_ROWS]) {
    it(`${row.route}${row.note ? ` (${row.note})` : ''}`, async () => {
      expect(await runRow(w, row)).toBe(CALLERS.length);
    });
  }
});
