import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { showSchema } from '@taquilla/contract';

const GALA_PATH = 'noche-de-gala-sinfonica';
/** A film of another organiser (Cultura Viva; the gala is Producciones Quetzal's). */
const FILM_PATH = 'muestra-cine-del-lago/el-telar-de-la-abuela';

/** A buyer of their own (own cookies, so own cart) on the gala's second función, Platea open. */
async function openPlatea(browser: Browser, galaId: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/shows/${galaId}`);
  await page.getByRole('region', { name: 'Aviso de cookies' }).getByRole('button').click();
  const buy = page.getByRole('region', { name: 'Comprar' });
  // The second función: the catalogue spec holds seats on the first one.
  await buy.getByRole('group', { name: 'Elige la función' }).getByRole('radio').nth(1).check();
  await buy
    .getByRole('group', { name: 'Gran Sala Efraín Recinos' })
    .getByRole('button', { name: /^Platea, Q [\d.,]+, \d+ disponibles$/ })
    .click();
  await expect(seatsOf(page).getByRole('button').first()).toBeVisible();
  return page;
}

const seatsOf = (page: Page) => page.getByRole('group', { name: 'Asientos de Platea' });
const seat = (page: Page, name: string, state: string) =>
  // The name starts with the number the seat shows (WCAG 2.5.3), then "Asiento A7, …".
  seatsOf(page).getByRole('button', { name: new RegExp(`^\\d+, Asiento ${name}, ${state}$`) });

async function lastFreeSeats(page: Page, count: number): Promise<string[]> {
  const labels = await seatsOf(page)
    .getByRole('button', { name: /^\d+, Asiento \w+, disponible$/ })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  return labels.slice(-count).map((label) => /, Asiento (\w+),/.exec(label)?.[1] ?? '');
}

test('a buyer holds seats, sees them in the cart with the countdown and a promo code; another buyer sees them taken at once', async ({
  browser,
  request,
}) => {
  const response = await request.get(`/shows/${GALA_PATH}`, {
    headers: { Accept: 'application/json' },
  });
  const gala = showSchema.parse(await response.json());
  const buyer = await openPlatea(browser, gala._id);
  const other = await openPlatea(browser, gala._id);
  const [first, second] = await lastFreeSeats(buyer, 2);
  expect(first).toBeTruthy();
  expect(second).toBeTruthy();

  await seat(buyer, first!, 'disponible').click();
  await expect(buyer.getByText(`El asiento ${first} fue agregado a tu carrito`)).toBeVisible();
  await expect(seat(buyer, first!, 'seleccionado')).toHaveAttribute('aria-pressed', 'true');
  // The other buyer's map changes without a reload.
  await expect(seat(other, first!, 'no disponible')).toBeVisible();

  await seat(buyer, second!, 'disponible').click();
  await expect(buyer.getByText(`El asiento ${second} fue agregado a tu carrito`)).toBeVisible();
  await expect(seat(other, second!, 'no disponible')).toBeVisible();
  await expect(buyer.getByRole('timer')).toHaveText(
    /^Tus 2 boletos están reservados por (10:00|9:\d\d) · Total Q [\d,]+\.00$/,
  );

  // The second buyer cannot take a held seat: it is drawn taken and does nothing.
  await expect(seat(other, first!, 'no disponible')).toHaveAttribute('aria-disabled', 'true');

  const summary = buyer.getByRole('complementary', { name: 'Resumen de tu orden' });
  await expect(summary).toContainText(`Platea · Asiento ${first}`);
  await summary.getByRole('link', { name: 'Ir al carrito' }).click();

  await expect(buyer).toHaveURL('/cart');
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText('Carrito de Compras');
  const lines = buyer.getByRole('list', { name: 'Boletos en tu carrito' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText('Sección Platea');
  const box = buyer.getByRole('complementary', { name: 'Resumen de la compra' });
  const total = async () =>
    Number(
      ((await box.locator('.cart-summary__row--total dd').textContent()) ?? '').replace(
        /[^\d.]/g,
        '',
      ),
    );
  const before = await total();

  const code = box.getByRole('textbox', { name: 'Código promocional' });
  await code.fill(' gala100 ');
  await code.press('Enter');
  await expect(buyer.getByText('Código promocional aplicado exitosamente!')).toBeVisible();
  await expect(box.getByText('GALA100')).toBeVisible();
  await expect(box.getByText('Descuento').locator('..')).toContainText('−Q 100.00');
  expect(await total()).toBe(before - 100);

  await lines
    .filter({ hasText: `Asiento ${second}` })
    .getByRole('button', { name: /^Quitar / })
    .click();
  await expect(lines).toHaveCount(1);
  await expect(buyer.getByRole('link', { name: /^Carrito:/ })).toContainText('1');
  // Released: free again on the other buyer's map at once.
  await expect(seat(other, second!, 'disponible')).toBeVisible();
  await expect(seat(other, first!, 'no disponible')).toBeVisible();

  // Another organiser's film (decision 0062): its tickets do not join this cart. The
  // refusal says why in the server's words and leads back to the cart, which is unchanged.
  await buyer.goto(`/${FILM_PATH}`);
  await buyer
    .getByRole('region', { name: 'Comprar' })
    .getByRole('combobox', { name: /^Cantidad de / })
    .first()
    .selectOption('1');
  await buyer
    .getByRole('complementary', { name: 'Resumen de tu orden' })
    .getByRole('button', { name: 'Agregar al carrito' })
    .click();
  const refusal = buyer
    .getByRole('alert')
    .filter({ hasText: 'Tu carrito ya tiene boletos de otro organizador.' });
  await expect(refusal).toContainText(
    'Finaliza esa compra o vacía tu carrito para agregar estos boletos.',
  );
  await expect(refusal).not.toContainText('No fue posible');
  await refusal.getByRole('link', { name: 'Ir al carrito' }).click();
  await expect(buyer).toHaveURL('/cart');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(`Asiento ${first}`);

  await buyer.setViewportSize({ width: 390, height: 844 });
  await buyer.screenshot({ path: test.info().outputPath('cart-phone.png'), fullPage: true });
});
