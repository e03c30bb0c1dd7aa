// The first-view budget of issue 22 (decision 0070), checked on the built dist/ after
// `npm test`'s build step: `node --test apps/web/scripts/first-view.test.mjs`. Sizes
// are the build's own, so the result is the same on every machine for the same code.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  BUDGET_BYTES,
  FORBIDDEN,
  MIN_COMPRESSED_BYTES,
  homeView,
  readBuild,
  showViews,
} from './first-view.mjs';

// Another build may be measured (FIRST_VIEW_DIST=<folder>); without dist/ this fails at once,
// saying to build first.
const build = readBuild(process.env.FIRST_VIEW_DIST || undefined);
const home = homeView(build);
let shows = [];
let show = null;
let showError = null;
try {
  const found = showViews(build);
  show = found.route;
  shows = found.pages;
} catch (error) {
  showError = error;
}
const views = [home, ...(show ? [show] : []), ...shows];
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

describe('first view of the home and show pages (issue 22)', () => {
  it('finds the show route and its landing templates in the build', () => {
    assert.ifError(showError);
    assert.ok(shows.length >= 14, `${shows.length} plantillas`);
    assert.ok(show.modules.some((m) => m.endsWith('features/show/show-page.tsx')));
    assert.ok(
      shows.some((view) => view.modules.some((m) => m.endsWith('templates/show-template.tsx'))),
    );
  });

  for (const view of [home, ...shows]) {
    it(`${view.name}: at most ${kb(BUDGET_BYTES)} of brotli JS and CSS`, () => {
      const heaviest = [...view.files]
        .sort((a, b) => (b.br ?? b.plain) - (a.br ?? a.plain))
        .slice(0, 5)
        .map((f) => `${f.file} ${kb(f.br ?? f.plain)}`)
        .join(', ');
      assert.ok(
        view.sent <= BUDGET_BYTES,
        `${view.name}: ${kb(view.sent)} en ${view.files.length} archivos (los mayores: ${heaviest})`,
      );
    });
  }

  it('has a brotli and a gzip copy of every file of 1 KiB or more of every first view', () => {
    const missing = views
      .flatMap((view) => view.files)
      .filter((f) => f.plain >= MIN_COMPRESSED_BYTES && (f.br === null || f.gz === null))
      .map((f) => f.file);
    assert.deepEqual([...new Set(missing)], []);
  });

  it('never brings the player, the door scanner, Stripe, the console nor zod', () => {
    // One line per view and kind, with the first such module: where to start looking.
    const found = views.flatMap((view) =>
      FORBIDDEN.flatMap(({ name, pattern }) => {
        const hits = view.modules.filter((m) => pattern.test(m));
        return hits.length === 0
          ? []
          : [`${view.name}: ${name} (${hits[0]}, ${hits.length} módulos)`];
      }),
    );
    assert.deepEqual(found, []);
  });

  it('recognises each of those in the build, in chunks that load later', () => {
    // A pattern that matches nothing anywhere would let the check above pass for nothing.
    const everyModule = Object.values(build.chunkModules).flat();
    const unseen = FORBIDDEN.filter(({ pattern }) => !everyModule.some((m) => pattern.test(m)));
    assert.deepEqual(
      unseen.map(({ name }) => name),
      [],
    );
  });
});
