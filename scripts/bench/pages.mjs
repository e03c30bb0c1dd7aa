// Pages benchmark (issue 22): Lighthouse 12.2.3 in its default mobile preset (simulated
// slow 4G, a 4x slower CPU, a phone's screen) with Debian's Chromium, against the built
// API (which serves the built SPA) on a freshly migrated and seeded database.
//
//   pnpm build && node scripts/bench/pages.mjs [--runs 3] [--only home,cart] [--why]
//
// `--why` prints, for each page, the LCP element and its phases, the layout shifts,
// the main thread's work by kind and the scripts that cost the most.
//
// Each page runs `--runs` times; the run with the median performance score is reported.
// Lighthouse is not a dependency of the project (111 MB that no one needs to run or
// test Taquilla): the first run installs it into var/bench-tools. Needs PostgreSQL,
// Redis and Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Not a test: it never
// runs in CI. Results: docs/benchmarks.md.
//
// The ceiling measured in the same run: the same Lighthouse on a static page of the
// same origin (a one-line HTML answer of the bare server), which is what the throttled
// network and CPU alone cost.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, api, machineLine, parseArgs, startStack } from './lib.mjs';

const LIGHTHOUSE_VERSION = '12.2.3';
const TOOLS = path.join(ROOT, 'var/bench-tools');
const args = parseArgs();
const RUNS = Number(args.runs ?? 3);
const ONLY = args.only ? String(args.only).split(',') : null;
const PORT = 3310;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEMO = { email: 'viewer@taquilla.local', password: 'Demo-Taquilla-2026' };

function loadLighthouse() {
  const requireTools = createRequire(path.join(TOOLS, 'package.json'));
  const installed = (() => {
    try {
      return requireTools('lighthouse/package.json').version;
    } catch {
      return null;
    }
  })();
  if (installed !== LIGHTHOUSE_VERSION) {
    mkdirSync(TOOLS, { recursive: true });
    console.log(`Instalando lighthouse@${LIGHTHOUSE_VERSION} en var/bench-tools…`);
    execFileSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefix', TOOLS, `lighthouse@${LIGHTHOUSE_VERSION}`],
      { stdio: 'inherit' },
    );
  }
  const entry = (name) => pathToFileURL(requireTools.resolve(name)).href;
  return Promise.all([import(entry('lighthouse')), import(entry('chrome-launcher'))]);
}

/** The demo viewer's cookies (`sid`), with a cart (`sessionID`) holding a ticket. */
async function viewerCookies(base) {
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ username: DEMO.email, password: DEMO.password, role: 'Viewer' }),
  });
  if (!login.ok) throw new Error(`viewer login → ${login.status} ${await login.text()}`);
  const sid = /sid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (!sid) throw new Error('viewer login: no sid cookie');
  const cartId = crypto.randomUUID();
  const cookie = `sid=${sid}; sessionID=${cartId}; cookie_consent=all`;
  const headers = { cookie };
  const show = await api(base, 'GET', '/shows/festival-luz-de-volcan', headers);
  const { items } = await api(base, 'GET', `/shows/${show._id}/tickets`, headers);
  const onSale = (t) =>
    t.type === 'GENERAL' &&
    t.real_available > 0 &&
    (!t.valid_thru || new Date(t.valid_thru) > new Date()) &&
    (!t.valid_since || new Date(t.valid_since) <= new Date());
  const ticket = items.find(onSale);
  if (!ticket) throw new Error('no general ticket on sale for the cart');
  await api(
    base,
    'POST',
    `/cart/${cartId}/items`,
    { ...headers, 'content-type': 'application/json' },
    { items: [{ ticket_uid: ticket._id, show_uid: show._id, quantity: 1 }] },
  );
  return cookie;
}

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'show with a seat map', path: '/noche-de-gala-sinfonica' },
  { name: 'online show', path: '/atardecer-en-atitlan-en-vivo' },
  { name: 'festival landing', path: '/muestra-cine-del-lago' },
  { name: 'cart', path: '/cart', signedIn: true },
  { name: 'checkout', path: '/cart/checkout', signedIn: true },
  { name: 'player', path: '/atardecer-en-atitlan-en-vivo/player', signedIn: true },
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function audit(lighthouse, port, url, cookie) {
  const { lhr } = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo'],
    // Every run is a first visit: Lighthouse's reset keeps cookies and local storage by
    // default. With the cookie an earlier page left in the browser (the festival's geo
    // lookup) the viewer's session no longer reached the API: the player ran signed out
    // and was sent on to the show page, the layout shift of 0.11 seen in earlier runs.
    clearStorageTypes: ['all'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  const a = lhr.audits;
  const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    fcp: a['first-contentful-paint']?.numericValue ?? NaN,
    lcp: a['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: a['total-blocking-time']?.numericValue ?? NaN,
    cls: a['cumulative-layout-shift']?.numericValue ?? NaN,
    kib: (a['total-byte-weight']?.numericValue ?? NaN) / 1024,
    lcpError: a['largest-contentful-paint']?.errorMessage ?? null,
    runtimeError: lhr.runtimeError?.message ?? null,
    // `--why`: the LCP element and its phases, the shifts, the long main-thread tasks.
    why: {
      lcpElement: (a['largest-contentful-paint-element']?.details?.items ?? [])
        .flatMap((item) => item.items ?? [item])
        .map(
          (item) =>
            item.node?.snippet ?? (item.phase ? `${item.phase} ${Math.round(item.timing)} ms` : ''),
        )
        .filter(Boolean),
      shifts: (a['layout-shifts']?.details?.items ?? [])
        .slice(0, 4)
        .map((item) => `${item.score?.toFixed(3)} ${item.node?.snippet ?? ''}`),
      mainThread: (a['mainthread-work-breakdown']?.details?.items ?? [])
        .slice(0, 4)
        .map((item) => `${item.groupLabel ?? item.group} ${Math.round(item.duration)} ms`),
      bootup: (a['bootup-time']?.details?.items ?? [])
        .slice(0, 4)
        .map(
          (item) =>
            `${String(item.url).replace(/^https?:\/\/[^/]+/, '')} ${Math.round(item.total)} ms`,
        ),
    },
    // What each failed accessibility or SEO audit points at (its node's snippet).
    where: Object.fromEntries(
      Object.values(lhr.categories)
        .filter((c) => c.id !== 'performance')
        .flatMap((c) => c.auditRefs)
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
        .map((ref) => [
          ref.id,
          (lhr.audits[ref.id].details?.items ?? [])
            .map((item) => item.node?.snippet ?? item.href ?? item.text ?? '')
            .slice(0, 5),
        ]),
    ),
  };
}

const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
function row(name, r) {
  return `| ${name} | ${r.performance} | ${s(r.fcp)} | ${s(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${r.accessibility} | ${r.seo} | ${Math.round(r.kib)} KiB |`;
}

if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
  throw new Error('apps/web/dist is missing: run `pnpm build` first');
}
const [{ default: lighthouse }, chromeLauncher] = await loadLighthouse();
// The API serves the built SPA from here, as `npm start` has it.
process.env.WEB_DIST_DIR ??= path.join(ROOT, 'apps/web/dist');
const stack = await startStack('taquilla_bench_pages', PORT);
// The ceiling: a page with one line of text on a bare server of the same machine.
const bare = createServer((_, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    '<!doctype html><html lang="es"><title>Taquilla</title><meta name="viewport" content="width=device-width"><meta name="description" content="Boletos"><h1>Taquilla</h1></html>',
  );
});
await new Promise((resolve) => bare.listen(PORT + 1, '127.0.0.1', resolve));
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const lines = [];
try {
  const cookie = await viewerCookies(stack.base);
  const targets = [
    { name: 'ceiling: a one-line static page', url: `http://127.0.0.1:${PORT + 1}/` },
    ...PAGES.filter((p) => !ONLY || ONLY.includes(p.name.split(' ')[0])).map((p) => ({
      name: `${p.name} (\`${p.path}\`)`,
      url: `${stack.base}${p.path}`,
      cookie: p.signedIn ? cookie : null,
    })),
  ];
  for (const target of targets) {
    const runs = [];
    // A trace Chromium 15x sometimes records without the page's navigation start
    // (Lighthouse's NO_NAVSTART) is run again, at most three times.
    for (let i = 0, retries = 0; i < RUNS;) {
      const result = await audit(lighthouse, chrome.port, target.url, target.cookie);
      if (result.runtimeError && retries < 3) {
        retries += 1;
        continue;
      }
      runs.push(result);
      i += 1;
    }
    const mid = median(runs.map((r) => r.performance));
    const chosen = runs.find((r) => r.performance === mid);
    lines.push(row(target.name, chosen));
    const spread = runs.map((r) => r.performance).join('/');
    console.log(`${row(target.name, chosen)}  runs ${spread}`);
    for (const [id, where] of Object.entries(chosen.where)) {
      console.log(`    failed audit ${id}: ${where.join(' · ')}`);
    }
    if (chosen.runtimeError) console.log(`    runtime error: ${chosen.runtimeError}`);
    if (chosen.lcpError) console.log(`    LCP: ${chosen.lcpError}`);
    if ('why' in args) {
      for (const [what, lines] of Object.entries(chosen.why)) {
        console.log(`    ${what}: ${lines.join(' · ')}`);
      }
    }
  }
} finally {
  await chrome.kill();
  bare.close();
  stack.stop();
}
console.log(
  `\n${machineLine(`Lighthouse ${LIGHTHOUSE_VERSION} mobile preset, ${RUNS} runs a page, median`)}`,
);
console.log('| page | perf. | FCP | LCP | TBT | CLS | a11y | SEO | bytes |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const line of lines) console.log(line);
