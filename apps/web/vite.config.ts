import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import type { Plugin, ProxyOptions } from 'vite';

const API_TARGET = 'http://127.0.0.1:3000';

/**
 * The gateway and the SPA share paths (`/shows/:id` is both a page and a JSON
 * call). In production the API tells them apart by the Accept header; in
 * development this proxy does the same, sending browser navigations back to
 * Vite's index.html.
 */
const SHARED_PATHS = [
  '/shows',
  '/auth',
  '/viewers',
  '/cart',
  '/users',
  '/stats',
  '/etickets',
  '/live',
  '/admin',
];

// Served by the API even to a browser (Swagger UI and the sandbox's 3-D Secure page are
// HTML; the demo clip is a video), so never sent to the SPA.
const API_ONLY_PATHS = ['/health', '/openapi.json', '/docs', '/payments', '/geo', '/media'];

function isBrowserNavigation(req: IncomingMessage): boolean {
  return req.headers.accept?.includes('text/html') ?? false;
}

const sharedPathProxy: ProxyOptions = {
  target: API_TARGET,
  bypass: (req) => (isBrowserNavigation(req) ? '/index.html' : undefined),
};

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Writes `.vite/chunk-modules.json` beside Vite's manifest: the source modules inside each
 * JavaScript chunk, relative to the repository (`apps/web/src/…`, `node_modules/.pnpm/…`).
 * The manifest names a chunk's entry module only; the first-view budget check
 * (scripts/first-view.mjs, decision 0070) needs every module, to tell that no
 * player, scanner, payment or console code is in a buyer's first page.
 */
function chunkModules(): Plugin {
  return {
    name: 'taquilla:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        modules[output.fileName] = output.moduleIds
          .filter((id) => !id.startsWith('\0'))
          .map((id) =>
            path
              .relative(REPO_ROOT, id.split('?')[0] as string)
              .split(path.sep)
              .join('/'),
          )
          .sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: `${JSON.stringify(modules, null, 1)}\n`,
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), chunkModules()],
  server: {
    proxy: {
      ...Object.fromEntries(SHARED_PATHS.map((path) => [path, sharedPathProxy])),
      ...Object.fromEntries(API_ONLY_PATHS.map((path) => [path, { target: API_TARGET }])),
      '/realtime': { target: API_TARGET, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // .vite/manifest.json: each chunk's imports and CSS, read by the first-view budget
    // check (decision 0070). The API does not serve dot-folders, nor does the Caddy edge.
    manifest: true,
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // A page test renders the whole route and waits for several answers in turn; on CI's
    // two shared cores the first test of a file (cold imports) passed 5 s (door page,
    // 2026-11-28). A budget per test, not a wait: a passing test still ends at once.
    testTimeout: 15_000,
  },
});
