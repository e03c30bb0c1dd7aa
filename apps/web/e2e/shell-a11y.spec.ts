import { expect, test } from '@playwright/test';
import { acceptCookies } from './support/accounts';
import { PHONE_AND_DESKTOP as WIDTHS, pageProblems } from './support/page-check';

/*
 * Issue 20: the shell's own pages through axe on a phone (390 px) and a desktop (1366 px):
 * no serious or critical violation and nothing wider than the screen. A full-page shot of
 * each is saved to $E2E_SHOTS_DIR for a person to look at.
 */

const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';

const PAGES = [{ name: 'cookies', path: '/cookies', heading: 'Política de cookies' }] as const;

for (const entry of PAGES) {
  test(`axe finds nothing serious on ${entry.path} at 390 and 1366 px`, async ({ page }) => {
    test.setTimeout(60_000); // two widths, each an axe run and a full-page screenshot
    await page.setViewportSize(WIDTHS[0]);
    await page.goto(entry.path);
    await acceptCookies(page);
    const problems: string[] = [];
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.heading);
      problems.push(
        ...(await pageProblems(page, `${SHOTS_DIR}/shell-${entry.name}-${viewport.width}.png`)),
      );
    }
    expect(problems).toEqual([]);
  });
}
