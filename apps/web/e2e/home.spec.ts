import { expect, test } from '@playwright/test';
import { showListResponseSchema } from '@taquilla/contract';

test('the home page shows the billboard show', async ({ page, request }) => {
  const response = await request.get('/shows?sort=1&billboard=1', {
    headers: { Accept: 'application/json' },
  });
  expect(response.ok()).toBe(true);
  const { items } = showListResponseSchema.parse(await response.json());
  expect(items.length).toBeGreaterThan(0);
  const featured = items[0]!;

  await page.goto('/');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(featured.fullname);
  await expect(page.getByRole('link', { name: 'Más información' })).toHaveAttribute(
    'href',
    featured.path
      ? `/${encodeURIComponent(featured.path)}`
      : `/shows/${encodeURIComponent(featured._id)}`,
  );

  const banner = page.getByRole('region', { name: 'Aviso de cookies' });
  await expect(banner).toContainText('Este sitio utiliza cookies para mejorar nuestros servicios.');
  await banner.getByRole('button', { name: 'Aceptar' }).click();
  await expect(banner).toBeHidden();
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'cookie_consent')?.value).toBe('1');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(featured.fullname);
  await expect(page.getByRole('button', { name: 'Aceptar' })).toHaveCount(0);
});

test('an unknown path shows the not-found view', async ({ page }) => {
  await page.goto('/esta-pagina-no-existe');

  await expect(
    page.getByRole('heading', { name: 'La página que buscas no está disponible' }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Ir a Eventos' })).toHaveAttribute(
    'href',
    '/',
  );
});

test('the old /shows address opens the home page', async ({ page }) => {
  await page.goto('/shows');

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Próximos eventos' })).toBeVisible();
});
