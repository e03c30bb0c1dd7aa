import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  LANDING_TEMPLATE_MODULES,
  LANDING_TEMPLATES,
  ROUTE_MODULES,
  SHOW_ROUTE_MODULE,
} from '@taquilla/domain';
import { describe, expect, it } from 'vitest';

/**
 * The server names a page's route and template modules in its HTML (decision 0074), from
 * the domain's lists; the route table and the templates' registry load them. A module
 * renamed or moved on one side only would be fetched for nothing, and the page would
 * wait for its code again: these tests read the two files and compare.
 */
const lazyImports = (file: string) => {
  const source = readFileSync(path.join(import.meta.dirname, file), 'utf8');
  const dir = path.posix.dirname(`src/${file}`);
  return new Set(
    [...source.matchAll(/import\('(\.\/[^']+)'\)/g)].map(
      (match) => `${path.posix.join(dir, match[1] ?? '')}.tsx`,
    ),
  );
};

describe('the modules the server fetches ahead are the ones the SPA loads', () => {
  it('the show route and every page route of the list are lazy routes of routes.tsx', () => {
    const routes = lazyImports('routes.tsx');
    for (const module of [SHOW_ROUTE_MODULE, ...Object.values(ROUTE_MODULES).flat()]) {
      expect(routes, module).toContain(module);
    }
  });

  it('every template has a module the registry imports lazily, and no other is loaded', () => {
    const loaded = lazyImports('features/show/templates/index.ts');
    const named = (template: (typeof LANDING_TEMPLATES)[number]) =>
      `src/features/show/templates/${LANDING_TEMPLATE_MODULES[template]}.tsx`;
    for (const template of LANDING_TEMPLATES) expect(loaded, template).toContain(named(template));
    expect([...loaded].sort()).toEqual([...new Set(LANDING_TEMPLATES.map(named))].sort());
  });
});
