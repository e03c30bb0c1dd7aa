import { expect, test } from '@playwright/test';
import { acceptCookies, createAccount, fillLogin, uniqueEmail } from './support/accounts';

const PASSWORD = 'Volcan-Atitlan-2026!';

// Decision 0067: failures slow a login down instead of locking the account, and a
// browser that signed in to the account before still gets in.
test('a slowed-down login says how long to wait, and the browser that signed in before still gets in', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('espera');
  await createAccount(request, { email, password: PASSWORD, fullname: 'Marta Cux' });

  // This browser signs in once (closing the session the signup opened) and out again.
  await page.goto('/login');
  await acceptCookies(page);
  await fillLogin(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByRole('button', { name: 'Cerrar la otra sesión y entrar' }).click();
  await expect(page.getByRole('link', { name: 'Mi cuenta' })).toBeVisible();
  await page.getByRole('link', { name: 'Mi cuenta' }).click();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page.getByRole('link', { name: 'Ingresar' })).toBeVisible();

  // Someone without that browser keeps guessing until the account's pair waits 8 s.
  let wait = 0;
  while (wait < 8) {
    const guess = await request.post('/auth/login', {
      data: { username: email, password: 'no-es-la-clave-2026', role: 'Viewer' },
    });
    if (guess.status() === 429) {
      wait = Number(guess.headers()['retry-after']);
      if (wait < 8) await page.waitForTimeout(wait * 1000 + 100);
    } else expect(guess.status()).toBe(401);
  }

  // A new browser, with the right password, is told how long to wait.
  const stranger = await browser.newPage();
  await stranger.goto('/login');
  await acceptCookies(stranger);
  await fillLogin(stranger, email, PASSWORD);
  await stranger.getByRole('button', { name: 'Ingresar' }).click();
  await expect(
    stranger.getByText(
      /^Demasiados intentos\. Por favor espera \d+ segundos? y vuelve a intentar\.$/,
    ),
  ).toBeVisible();
  await expect(stranger).toHaveURL('/login');
  await stranger.close();

  // The browser that signed in before gets in at once.
  await page.goto('/login');
  await fillLogin(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Mi cuenta' })).toBeVisible();
});
