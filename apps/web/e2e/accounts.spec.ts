import { expect, test } from '@playwright/test';
import {
  acceptCookies,
  createAccount,
  fillLogin,
  sessionStatus,
  uniqueEmail,
} from './support/accounts';
import { waitForMailLink } from './support/mail-outbox';

// Long, uncommon and unlike the address: the server's password policy accepts them.
const PASSWORD = 'Volcan-Atitlan-2026!';
const NEW_PASSWORD = 'Lago-Peten-Itza-2027?';

test('a visitor signs up, verifies the e-mail, logs in, edits the profile and logs out', async ({
  page,
}) => {
  const email = uniqueEmail('registro');
  await page.goto('/');
  await acceptCookies(page);

  await page.getByRole('link', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByRole('button', { name: 'Regístrate' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crear cuenta');
  await page.getByLabel('Nombre completo').fill('Lucía Pérez Ajú');
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Confirmar correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Mi cuenta' })).toHaveText('LA');
  await expect(page.getByRole('status').getByText('Tu cuenta fue creada.')).toBeVisible();

  // Out again, to come back through the e-mailed link as a visitor would.
  await page.getByRole('link', { name: 'Mi cuenta' }).click();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page.getByRole('link', { name: 'Ingresar' })).toBeVisible();

  await page.goto(await waitForMailLink(email, 'verifyEmail'));
  await expect(page.getByText('Tu correo fue verificado.')).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Iniciar sesión' }).click();
  await fillLogin(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Mi cuenta' })).toHaveText('LA');

  await page.goto('/account/profile');
  await expect(page.getByRole('heading', { level: 2, name: 'Mi Perfil' })).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(email);
  await expect(page.getByLabel('Correo electrónico')).not.toBeEditable();
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Lucía');
  await page.getByLabel('Apellido').fill('Pérez Ajú');
  await page.getByLabel('Teléfono').fill('+502 5555 0101');
  await page.getByLabel('País').selectOption('SV');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Tu información fue actualizada')).toBeVisible();
  const card = page.getByRole('region', { name: 'Tus datos' });
  await expect(card).toContainText('+502 5555 0101');
  await expect(card).toContainText('El Salvador');

  // Saved on the server, not only on the screen.
  await page.reload();
  await expect(page.getByLabel('Teléfono')).toHaveValue('+502 5555 0101');
  await expect(page.getByLabel('País')).toHaveValue('SV');

  await page
    .getByRole('navigation', { name: 'Secciones de tu cuenta' })
    .getByRole('button', { name: 'Cerrar Sesión' })
    .click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Ingresar' })).toBeVisible();
  await page.goto('/account');
  await expect(page).toHaveURL('/login?redirect=/account');
});

test('a person recovers the password through the e-mailed link and logs in with the new one', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('clave');
  await createAccount(request, { email, password: PASSWORD, fullname: 'Mario Xicará' });

  await page.goto('/login');
  await acceptCookies(page);
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL('/password/recover');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByText('Solicitud enviada')).toBeVisible();

  await page.goto(await waitForMailLink(email, 'resetPassword'));
  const change = page.getByRole('button', { name: 'Cambiar contraseña' });
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(NEW_PASSWORD);
  await expect(change).toBeDisabled();
  await page.getByLabel('Confirmar nueva contraseña').fill(NEW_PASSWORD);
  await change.click();

  await expect(page).toHaveURL('/login?pwdreset=1');
  await expect(
    page.getByRole('status').getByText('Tu contraseña fue restablecida. Ya puedes iniciar sesión.'),
  ).toBeVisible();
  // The reset ended every session, the one the signup opened included.
  expect(await sessionStatus(request)).not.toBe(200);

  await fillLogin(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Usuario o contraseña inválidos')).toBeVisible();

  await page.getByLabel('Contraseña', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Mi cuenta' })).toHaveText('MX');
});

test('a guarded page sends a visitor to log in and back, closing the other session on request', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('guardia');
  // Creating the account signs `request` in: the account already has a live session.
  await createAccount(request, { email, password: PASSWORD, fullname: 'Rosa Tzul' });

  await page.goto('/account');
  await expect(page).toHaveURL('/login?redirect=/account');
  await acceptCookies(page);
  await fillLogin(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();

  await expect(page.getByText('Ya existe una sesión activa con este usuario.')).toBeVisible();
  await page.getByRole('button', { name: 'Cerrar la otra sesión y entrar' }).click();

  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mi Cuenta');
  await expect(page.getByRole('region', { name: 'Tus datos' })).toContainText(email);
  await expect(page.getByText('Aún no has realizado ninguna compra.')).toBeVisible();
  // The other session ended (440 is the specification's "expired").
  expect(await sessionStatus(request)).toBe(440);
});
