import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Window } from 'happy-dom';

/** A page shaped like the web build's index.html: a title, a description, a module script. */
export const BUILT_INDEX = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Descripción del sitio en el build."
    />
    <title>Taquilla</title>
    <script type="module" crossorigin src="/assets/index-C0ffee12.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * A dist folder holding BUILT_INDEX, for createTestApp's WEB_DIST_DIR, and Vite's
 * `.vite/manifest.json` when `manifest` is given.
 */
export function builtSpaDir(manifest?: Record<string, unknown>): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'taquilla-seo-'));
  writeFileSync(path.join(dist, 'index.html'), BUILT_INDEX);
  if (manifest) {
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return dist;
}

/**
 * The HTML as a browser's parser reads it (happy-dom's DOMParser, which runs nothing):
 * a `</script>` left in a script's text ends it here as it would in a browser.
 */
export function parseHtml(html: string) {
  const window = new Window({
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
    },
  });
  const document = new window.DOMParser().parseFromString(html, 'text/html');
  const attribute = (selector: string, name: string) =>
    document.querySelector(selector)?.getAttribute(name) ?? null;
  return {
    document,
    title: document.title,
    /** The content of `<meta property=key>` or `<meta name=key>`, decoded. */
    meta: (key: string) =>
      attribute(`meta[property="${key}"]`, 'content') ??
      attribute(`meta[name="${key}"]`, 'content'),
    canonical: attribute('link[rel="canonical"]', 'href'),
    robots: attribute('meta[name="robots"]', 'content'),
    scripts: [...document.querySelectorAll('script')].map((script) => ({
      type: script.getAttribute('type'),
      src: script.getAttribute('src'),
      text: script.textContent ?? '',
    })),
    /** Each JSON-LD block, parsed. */
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
    ),
  };
}
