import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { showSchema } from '@taquilla/contract';

const GALA_PATH = 'noche-de-gala-sinfonica';

async function fetchShow(request: APIRequestContext, id: string) {
  const response = await request.get(`/shows/${id}`, { headers: { Accept: 'application/json' } });
  expect(response.ok()).toBe(true);
  return showSchema.parse(await response.json());
}

test('a buyer finds the gala by its venue and picks a seat on the map', async ({
  page,
  request,
}) => {
  const gala = await fetchShow(request, GALA_PATH);

  await page.goto('/');
  await page.getByRole('region', { name: 'Aviso de cookies' }).getByRole('button').click();

  // No accents and lower case: the search folds both.
  const search = page.getByRole('combobox', { name: 'Buscar eventos por nombre o lugar' });
  await search.fill('teatro nacional miguel angel');
  await page.getByRole('option', { name: /Noche de Gala Sinfónica/ }).click();

  // A show with a vanity path opens there (002 §2.2).
  await expect(page).toHaveURL(`/${gala.path}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Noche de Gala Sinfónica');
  const buy = page.getByRole('region', { name: 'Comprar' });
  // Card is the only method of this show, so it comes already chosen.
  await expect(buy.getByRole('radio', { name: 'Tarjeta' })).toBeChecked();

  const dates = buy.getByRole('group', { name: 'Elige la función' });
  await expect(dates.getByRole('radio')).toHaveCount(2);
  await dates.getByRole('radio').first().check();

  const venue = buy.getByRole('group', { name: 'Gran Sala Efraín Recinos' });
  await venue.getByRole('button', { name: /^Platea, Q [\d.,]+, \d+ disponibles$/ }).click();

  const seats = buy.getByRole('group', { name: 'Asientos de Platea' });
  const seat = seats.getByRole('button', { name: /^\d+, Asiento \w+, disponible$/ }).first();
  const label = (await seat.getAttribute('aria-label')) ?? '';
  const seatName = /, Asiento (\w+),/.exec(label)?.[1] ?? '';
  expect(seatName).not.toBe('');

  await seat.hover();
  await expect(page.getByRole('tooltip')).toContainText('Platea');
  await seat.click();

  const chosen = seats.getByRole('button', {
    name: new RegExp(`^\\d+, Asiento ${seatName}, seleccionado$`),
  });
  await expect(chosen).toHaveAttribute('aria-pressed', 'true');
  const summary = page.getByRole('complementary', { name: 'Resumen de tu orden' });
  await expect(summary).toContainText(`Platea · Asiento ${seatName}`);
  await expect(summary).toContainText('Total');
});

test('a child date address opens its parent show page', async ({ page, request }) => {
  const gala = await fetchShow(request, GALA_PATH);

  await page.goto(`/shows/${GALA_PATH}-funcion-1`);

  // The parent's page, at its vanity path (002 §2.2).
  await expect(page).toHaveURL(`/${gala.path}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Noche de Gala Sinfónica');
});

test('an unknown show shows the not-found view', async ({ page }) => {
  await page.goto('/shows/este-evento-no-existe');

  await expect(
    page.getByRole('heading', { name: 'La página que buscas no está disponible' }),
  ).toBeVisible();
});
