import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const externalBaseUrl = process.env.E2E_BASE_URL;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// E2E_PORT lets two runs on one machine (two checkouts) each boot their own stack.
const PORT = process.env.E2E_PORT ?? '3100';
const BASE_URL = `http://127.0.0.1:${PORT}`;

// The worker writes every e-mail as an .eml file here (no SMTP_URL) and the specs read
// the links from them. `npm test` passes a fresh folder; a bare `playwright test` gets
// one too. Set in the environment, so the test workers (which load this file again)
// inherit the same folder; absolute, as the stack runs from the repository root.
process.env.MAIL_OUTBOX_DIR = process.env.MAIL_OUTBOX_DIR
  ? path.resolve(ROOT, process.env.MAIL_OUTBOX_DIR)
  : mkdtempSync(path.join(tmpdir(), 'taquilla-e2e-mail-'));

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  retries: 0,
  workers: 1,
  reporter: 'list',
  use: {
    baseURL: externalBaseUrl ?? BASE_URL,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  // With E2E_BASE_URL the caller runs the stack; otherwise boot the built API (which
  // also serves the built SPA) and the built worker (both apps must be built first).
  ...(externalBaseUrl
    ? {}
    : {
        webServer: {
          command: 'node ../../scripts/e2e-stack.mjs',
          url: `${BASE_URL}/health/ready`,
          env: {
            ...process.env,
            PORT,
            HOST: '127.0.0.1',
            // E-mailed links point at the stack under test.
            PUBLIC_URL: BASE_URL,
            // Rate limits live in Redis: a namespace per run keeps one run's signups and
            // logins from counting against the next run's.
            REDIS_NAMESPACE:
              process.env.REDIS_NAMESPACE ?? `taquilla:e2e:${Date.now().toString(36)}`,
          },
          reuseExistingServer: false,
          timeout: 60_000,
          gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
        },
      }),
});
