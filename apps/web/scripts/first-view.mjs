// The first view of the home and show pages, read from the built dist/ (decision 0070):
// the JavaScript and CSS files a browser must fetch before the page can show, with the
// sizes the server sends them at (the build's brotli copies, decision 0068). Used by
// first-view.test.mjs (the budget, in `npm test` after the build) and, run directly,
// prints the figures:
//   node apps/web/scripts/first-view.mjs [dist]
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

/** Issue 22: at most 150 KB (of 1,000 bytes) of compressed JavaScript and CSS. */
export const BUDGET_BYTES = 150_000;

/** compress-dist.mjs leaves files under this size uncompressed: they are sent as they are. */
export const MIN_COMPRESSED_BYTES = 1024;

/** The entry's own key in Vite's manifest. */
const ENTRY = 'index.html';
/** The module both show routes (/shows/:id, /:path) load before the page shows (routes.tsx). */
export const SHOW_ROUTE = 'src/show-routes.tsx';
/** The registry whose dynamic imports are the landing templates; a page waits for its own. */
export const TEMPLATES = 'apps/web/src/features/show/templates/index.ts';
/** Where the templates' modules are, as the manifest names them. */
const TEMPLATES_DIR = 'src/features/show/templates/';
/** The home page, which routes.tsx puts in the entry itself. */
export const HOME_PAGE = 'apps/web/src/features/home/home-page.tsx';

/**
 * What never belongs in a buyer's first page (issue 22), by source path: the player
 * (hls.js), the door scanner (zxing's wasm), Stripe, the map editor and the rest of the
 * console; and zod with the contract's schemas, which the first views do without.
 */
export const FORBIDDEN = [
  { name: 'hls.js', pattern: /(^|\/)node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?hls\.js\// },
  { name: 'zxing', pattern: /(^|\/)node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?zxing-wasm\// },
  { name: 'Stripe', pattern: /(^|\/)node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?@stripe\// },
  { name: 'el reproductor', pattern: /^apps\/web\/src\/features\/player\// },
  { name: 'el editor de mapas', pattern: /^apps\/web\/src\/features\/admin-maps\// },
  {
    name: 'la consola',
    pattern: /^apps\/web\/src\/(features\/admin-[^/]+|components\/console)\//,
  },
  { name: 'zod', pattern: /(^|\/)node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?zod\// },
];

function readJson(file, hint) {
  if (!existsSync(file)) throw new Error(`Falta ${file}: ${hint}`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Vite's manifest and the modules of each chunk (vite.config.ts), from a built dist/. */
export function readBuild(dist = DIST) {
  const hint = 'compila primero la web con `pnpm --filter @taquilla/web build`';
  return {
    dist,
    manifest: readJson(path.join(dist, '.vite/manifest.json'), hint),
    chunkModules: readJson(path.join(dist, '.vite/chunk-modules.json'), hint),
  };
}

function chunkOf(build, key) {
  const chunk = build.manifest[key];
  if (!chunk) throw new Error(`${key} no está en el manifiesto de ${build.dist}`);
  return chunk;
}

/** The chunks a module's chunk imports statically, itself included: all fetched before it runs. */
function staticClosure(build, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of chunkOf(build, key).imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

function sizeOf(file) {
  return existsSync(file) ? statSync(file).size : null;
}

/** One file of a view: its size as built, and of its brotli and gzip copies (null: none). */
function fileSizes(build, file) {
  const full = path.join(build.dist, file);
  const plain = sizeOf(full);
  if (plain === null) throw new Error(`Falta ${full}`);
  return { file, plain, br: sizeOf(`${full}.br`), gz: sizeOf(`${full}.gz`) };
}

/**
 * A first view: every JS and CSS file of these manifest keys and their static imports,
 * and the source modules inside its JavaScript. `sent` counts the brotli copy, or the file
 * itself when it has none (under MIN_COMPRESSED_BYTES).
 */
export function viewOf(build, name, keys) {
  const chunks = staticClosure(build, keys);
  const names = new Set();
  for (const key of chunks) {
    const chunk = chunkOf(build, key);
    names.add(chunk.file);
    for (const css of chunk.css ?? []) names.add(css);
  }
  const files = [...names]
    .filter((file) => /\.(m?js|css)$/.test(file))
    .sort()
    .map((file) => fileSizes(build, file));
  const modules = [...names].flatMap((file) => build.chunkModules[file] ?? []);
  const sent = files.reduce((sum, f) => sum + (f.br ?? f.plain), 0);
  const plain = files.reduce((sum, f) => sum + f.plain, 0);
  return { name, keys, files, modules: [...new Set(modules)].sort(), sent, plain };
}

/** The home page's first view: the entry, where routes.tsx ships the home page itself. */
export function homeView(build) {
  const home = viewOf(build, 'inicio (/)', [ENTRY]);
  if (!home.modules.includes(HOME_PAGE)) {
    throw new Error(`${HOME_PAGE} no está en la entrada: añade su ruta a la vista de inicio`);
  }
  return home;
}

/**
 * A show page's first views: the entry and the show route's module with their static
 * imports, then one view per landing template, with the template's chunk (decision 0036:
 * the show chooses its template, so every one is the first view of some show page).
 */
export function showViews(build) {
  // The entry's own chunk or one it imports (vite.config.ts puts its modules in one).
  const lazy = staticClosure(build, [ENTRY]).flatMap(
    (key) => chunkOf(build, key).dynamicImports ?? [],
  );
  if (!lazy.includes(SHOW_ROUTE)) {
    throw new Error(`${SHOW_ROUTE} no es una ruta perezosa de la entrada: revisa routes.tsx`);
  }
  const route = viewOf(build, 'página de evento (ruta)', [ENTRY, SHOW_ROUTE]);
  // The chunk that holds the registry, whichever it is: its dynamic imports are the templates.
  const registry = staticClosure(build, [ENTRY, SHOW_ROUTE]).find((key) =>
    (build.chunkModules[chunkOf(build, key).file] ?? []).includes(TEMPLATES),
  );
  if (!registry)
    throw new Error(`${TEMPLATES} no viene con ${SHOW_ROUTE}: revisa la página de evento`);
  // Its chunk may hold other lazy modules too (the sale forms): the templates are its own folder's.
  const templates = (chunkOf(build, registry).dynamicImports ?? []).filter((key) =>
    key.startsWith(TEMPLATES_DIR),
  );
  const pages = templates.map((template) =>
    viewOf(build, `evento, plantilla ${path.basename(template, '.tsx')}`, [
      ENTRY,
      SHOW_ROUTE,
      template,
    ]),
  );
  return { route, pages };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

function main() {
  const dist = process.argv[2] ? path.resolve(process.argv[2]) : DIST;
  const build = readBuild(dist);
  const { route, pages } = showViews(build);
  const rows = [homeView(build), route, ...pages].map((view) => [
    view.name,
    String(view.files.length),
    kb(view.plain),
    kb(view.sent),
  ]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i].length)));
  console.log(
    `Primera vista (${path.relative(process.cwd(), dist) || '.'}), presupuesto ${kb(BUDGET_BYTES)} brotli`,
  );
  console.log(
    `${'vista'.padEnd(widths[0])}  ${'archivos'.padStart(8)}  ${'sin comprimir'.padStart(13)}  brotli`,
  );
  for (const row of rows) {
    console.log(
      `${row[0].padEnd(widths[0])}  ${row[1].padStart(8)}  ${row[2].padStart(13)}  ${row[3].padStart(widths[3])}`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
