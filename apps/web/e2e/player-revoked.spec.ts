import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ACCESS_REVOKED_MESSAGES, adminOrderPageSchema } from '@taquilla/contract';
import { acceptCookies } from './support/accounts';
import {
  createStreamingShow,
  expectPlaying,
  organiserSession,
  registrationCodes,
  sendLiveEvent,
  signInViewer,
  viewerAccount,
} from './support/live-show';

// Decision 0064: a ticket holder is watching when the organiser cancels the order the
// ticket came from. The server closes the player's socket with 4403 at once; the player
// stops the video and says why ("Acceso anulado"), and a reload is refused the same way.

const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';

test('a viewer watching when the organiser cancels the order sees why the video stopped', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const organiser = await organiserSession(playwright, base);
  const show = await createStreamingShow(organiser, `Recital anulado ${Date.now().toString(36)}`);
  const [code] = await registrationCodes(playwright, base, show, 1);
  const account = await viewerAccount(playwright, base, 'Lucía Tzul');
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1366, height: 900 },
  });

  try {
    await sendLiveEvent(organiser, show.id, { status: 'start' });
    await signInViewer(context.request, account);
    const page = await context.newPage();
    // "Activar" is the click that lets the browser start the video with sound.
    await page.goto(`/activate?code=${code}`);
    await acceptCookies(page);
    await page.getByRole('button', { name: 'Activar' }).click();
    await expect(page).toHaveURL(`/shows/${show.id}/player?activated=1`);
    await expectPlaying(page);

    const found = await organiser.get(`/admin/orders?q=${code}`);
    expect(found.status(), await found.text()).toBe(200);
    const [order] = adminOrderPageSchema.parse(await found.json()).items;
    const cancelled = await organiser.post(`/admin/orders/${order?._id}/cancel`, {
      data: { reason: 'Inscripción duplicada' },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);

    const revoked = page.getByRole('alert').filter({ hasText: 'Acceso anulado' });
    await expect(revoked).toContainText(ACCESS_REVOKED_MESSAGES.CANCELLED);
    await expect(page.locator('.player-stage video')).toHaveCount(0);
    await expect(page.getByText('Reconectando…')).toHaveCount(0);
    mkdirSync(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: `${SHOTS_DIR}/player-access-revoked.png` });

    // A reload asks the server again: the same refusal, on the player.
    await page.reload();
    await expect(revoked).toContainText(ACCESS_REVOKED_MESSAGES.CANCELLED);
    await expect(page).toHaveURL(`/shows/${show.id}/player?activated=1`);
  } finally {
    await context.close();
    await sendLiveEvent(organiser, show.id, { status: 'end' });
    await organiser.dispose();
  }
});
