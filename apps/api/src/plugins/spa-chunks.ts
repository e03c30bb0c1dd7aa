import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from './html.ts';

/** One chunk of Vite's build manifest (`dist/.vite/manifest.json`), as far as we read it. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type ViteManifest = Readonly<Record<string, ManifestChunk>>;

/** The build's manifest, or null when the build has none (a test's one-line page). */
export function readViteManifest(distDir: string): ViteManifest | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as ViteManifest;
}

/**
 * The `<link>`s that fetch a lazily loaded module of the SPA ahead (decision 0074): its
 * chunk and every chunk it imports statically as `modulepreload`, and their CSS as a
 * `preload` for a style. Vite's own loader, when the route then asks for the module,
 * finds each address already in a `<link>` and fetches nothing twice: the CSS link is
 * `crossorigin` as the stylesheet link the loader adds is, so both share one request.
 * What the entry's HTML already names (its own static imports and CSS) is left out.
 */
export function createChunkPreloads(manifest: ViteManifest) {
  const closure = (keys: readonly string[]): string[] => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return [...seen];
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const inEntry = new Set(closure(entries));
  const cache = new Map<string, string>();

  return {
    /** Whether the build has this module (a source path such as `src/show-routes.tsx`). */
    has(key: string): boolean {
      return manifest[key] !== undefined;
    },

    /**
     * The links for these modules and their static imports, without the entry's and
     * without `except`'s (modules another call's links already fetch); '' for none.
     */
    linksFor(keys: readonly string[], except: readonly string[] = []): string {
      const cacheKey = `${keys.join(',')}|${except.join(',')}`;
      const known = cache.get(cacheKey);
      if (known !== undefined) return known;
      const skip = new Set([...inEntry, ...closure(except)]);
      const chunks = closure(keys).filter((key) => !skip.has(key));
      const skipCss = new Set([...skip].flatMap((key) => manifest[key]?.css ?? []));
      const scripts = chunks.map((key) => manifest[key]?.file ?? '');
      const styles = [...new Set(chunks.flatMap((key) => manifest[key]?.css ?? []))].filter(
        (file) => !skipCss.has(file),
      );
      const links = [
        ...scripts.map(
          (file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`,
        ),
        ...styles.map(
          (file) => `<link rel="preload" as="style" crossorigin href="/${escapeHtml(file)}">`,
        ),
      ].join('');
      cache.set(cacheKey, links);
      return links;
    },
  };
}

export type ChunkPreloads = ReturnType<typeof createChunkPreloads>;
