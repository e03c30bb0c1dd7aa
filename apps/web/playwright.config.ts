import { defineConfig } from '@playwright/test';

const externalBaseUrl = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  retries: 0,
  workers: 1,
  reporter: 'list',
  use: {
    baseURL: externalBaseUrl ?? 'http://127.0.0.1:3100',
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
  // With E2E_BASE_URL the caller runs the stack; otherwise boot the built API, which
  // also serves the built SPA (both must be built first).
  ...(externalBaseUrl
    ? {}
    : {
        webServer: {
          command: 'node ../api/dist/server.js',
          url: 'http://127.0.0.1:3100/health/ready',
          env: { ...process.env, PORT: '3100', HOST: '127.0.0.1' },
          reuseExistingServer: false,
          timeout: 60_000,
        },
      }),
});
