import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANDING_TEMPLATE_MODULES, LANDING_TEMPLATES } from '@taquilla/domain';
import { describe, expect, it } from 'vitest';

/**
 * The server names a show's template module in its page's HTML (decision 0074), from the
 * domain's LANDING_TEMPLATE_MODULES; the registry (index.ts) loads the same modules. A
 * template renamed or added on one side only would be fetched for nothing.
 */
describe('the modules the server fetches ahead are the ones the registry loads', () => {
  const registry = readFileSync(path.join(import.meta.dirname, 'index.ts'), 'utf8');
  const loaded = new Set([...registry.matchAll(/import\('\.\/([a-z-]+)'\)/g)].map((m) => m[1]));

  it('every template has a module the registry imports lazily, and no other is loaded', () => {
    for (const template of LANDING_TEMPLATES) {
      expect(loaded, template).toContain(LANDING_TEMPLATE_MODULES[template]);
    }
    expect([...loaded].sort()).toEqual(
      [...new Set(Object.values(LANDING_TEMPLATE_MODULES))].sort(),
    );
  });
});
