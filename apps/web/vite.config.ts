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

/** The SPA's entry module (index.html's script). */
const ENTRY_MODULE = path.resolve(import.meta.dirname, 'src/main.tsx');

type ModuleGraph = {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
};

/** Every module the entry imports statically, itself included: all run before any page. */
function staticClosure(graph: ModuleGraph, root: string): Set<string> {
  const seen = new Set<string>();
  const pending = [root];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * A code-splitting group (decision 0074): the modules `modulesOf` picks from the module
 * graph, worked out once per build when the bundler first asks, go in one chunk `name`.
 */
function chunkGroup(name: string, modulesOf: (graph: ModuleGraph) => Set<string>) {
  let modules: Set<string> | null = null;
  return {
    name: (id: string, graph: ModuleGraph) => {
      modules ??= modulesOf(graph);
      return modules.has(id) ? name : null;
    },
  };
}

/** The show pages' route module (routes.tsx). */
const SHOW_ROUTE_MODULE = path.resolve(import.meta.dirname, 'src/show-routes.tsx');
/** The registry that loads each landing template lazily. */
const TEMPLATES_MODULE = path.resolve(import.meta.dirname, 'src/features/show/templates/index.ts');

/**
 * The first view in three files instead of dozens (decision 0074). Left to itself, the
 * bundler gives each module the entry shares with a lazy page a chunk of its own (nineteen
 * files of 1 to 27 KB for the entry alone), and a phone fetches each over one of a handful
 * of connections, a round trip apiece, before the first page paints.
 * - `app`: everything the entry imports. It always runs first, so a lazy page loses
 *   nothing by finding those modules in one file.
 * - `show-page`: what the show route imports beyond the entry. The route module keeps its
 *   own chunk, the one routes.tsx loads and the manifest names (the server's preloads and
 *   the first-view check read it).
 * - `landing-parts`: what the templates draw with (heroes, sections, the ticket box…)
 *   beyond those, one chunk beside each template's own.
 */
const FIRST_VIEW_GROUPS = [
  chunkGroup('app', (graph) => staticClosure(graph, ENTRY_MODULE)),
  chunkGroup('show-page', (graph) => {
    const entry = staticClosure(graph, ENTRY_MODULE);
    return new Set(
      [...staticClosure(graph, SHOW_ROUTE_MODULE)].filter(
        (module) => !entry.has(module) && module !== SHOW_ROUTE_MODULE,
      ),
    );
  }),
  chunkGroup('landing-parts', (graph) => {
    const before = new Set([
      ...staticClosure(graph, ENTRY_MODULE),
      ...staticClosure(graph, SHOW_ROUTE_MODULE),
    ]);
    const templates = new Set(graph.getModuleInfo(TEMPLATES_MODULE)?.dynamicallyImportedIds);
    return new Set(
      [...templates]
        .flatMap((template) => [...staticClosure(graph, template)])
        .filter((module) => !before.has(module) && !templates.has(module)),
    );
  }),
];

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
    rolldownOptions: {
      output: { codeSplitting: { groups: FIRST_VIEW_GROUPS } },
    },
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
