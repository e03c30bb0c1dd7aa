import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app.ts';
import type { TestApp } from './helpers/app.ts';
import { CALLERS, createWorld, runRow } from './helpers/authz-matrix.ts';
import type { World } from './helpers/authz-matrix.ts';

import { SHOW_ROWS } from './helpers/authz-rows-organiser.ts';
import { CROSS_ROWS, LIVE_ROWS } from './helpers/authz-rows-organiser-live.ts';

/**
 * Issue 13, decision 0046: every organiser route that takes an id, tried by
 * another viewer, another producer, an anonymous caller, a stranger's session
 * and a forged token: no data, nothing changed; the owner's own call works.
 */
describe('authorisation matrix: organiser objects', () => {
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

  for (const row of [...SHOW_ROWS, ...LIVE_ROWS, ...CROSS_ROWS]) {
    it(`${row.route}${row.note ? ` (${row.note})` : ''}`, async () => {
      expect(await runRow(w, row)).toBe(CALLERS.length);
    });
  }
});
