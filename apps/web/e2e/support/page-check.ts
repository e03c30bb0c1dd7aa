import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const PHONE_AND_DESKTOP = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

/**
 * What a person would trip over on the page as it is now: axe's serious and critical
 * findings (with where and why) and any width past the screen's. A full-page screenshot
 * is saved to `shotPath` for a person to look at. Answers the problems, none when clean.
 */
export async function pageProblems(page: Page, shotPath: string): Promise<string[]> {
  const width = page.viewportSize()?.width ?? 0;
  const problems: string[] = [];
  const axe = await new AxeBuilder({ page }).analyze();
  for (const violation of axe.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    const where = violation.nodes
      .map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`)
      .join(' | ');
    problems.push(`${width}px ${violation.id} (${violation.impact}): ${where}`);
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 0) problems.push(`${width}px: ${overflow}px wider than the screen`);
  await page.screenshot({ path: shotPath, fullPage: true });
  return problems;
}
