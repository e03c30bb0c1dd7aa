import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../app-shell';
import {
  buildCurrentSession,
  buildUser,
  callsOf,
  error,
  renderRoute,
  stubGateway,
} from '../../test/session-factory';
import type { Handler } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';
import { ActivationModal } from './activation-modal';

const SHOW = '0b5e8c1e-2f6a-4c3b-8d7e-9f0a1b2c3d4e';
const ana = buildCurrentSession(buildUser({ _id: 'user-ana', email: 'ana@correo.gt' }));
const ACTIVATE = 'POST /viewers/viewers/:viewer/activate/:code';
const activated: Handler = () =>
  jsonResponse(200, { _id: 'viewer-show-1', show_uid: SHOW, livestream: true });
const MY_TICKETS = 'GET /viewers/viewers/:viewer/shows';
const VIEWER_SHOW = 'GET /viewers/viewers/:viewer/shows/:show';
const noTickets: Handler = () => jsonResponse(200, { items: [] });
/** The viewer-show of a seat at the venue (decision 0058): no stream. */
const seatAccess: Handler = () =>
  jsonResponse(200, {
    _id: 'viewer-show-1',
    show_uid: SHOW,
    ticket: { fullname: 'Platea' },
    payment_info: { request_code: 'AB3D5F', code: 'AB3D5F', expires_on: null },
    livestream: false,
    replay: false,
    meetngreet: false,
  });

const codeField = () => screen.getByRole('textbox', { name: 'Código del boleto' });
const activate = () => fireEvent.click(screen.getByRole('button', { name: 'Activar' }));

async function openActivatePage(handlers: Record<string, Handler>, path = '/activate') {
  const fetchMock = stubGateway({ 'GET /auth/session': () => jsonResponse(200, ana), ...handlers });
  const router = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Activa tu boleto' });
  return { fetchMock, router };
}

describe('/activate', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the code upper-cased, at most 6 characters, and sends it for the session viewer', async () => {
    const { fetchMock, router } = await openActivatePage({ [ACTIVATE]: activated });

    fireEvent.change(codeField(), { target: { value: 'ab3d5fgh' } });
    expect((codeField() as HTMLInputElement).value).toBe('AB3D5F');
    expect(codeField().getAttribute('maxlength')).toBe('6');
    activate();

    expect(await screen.findByText('Tu boleto ha sido activado exitosamente')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/shows/${SHOW}/player`));
    expect(router.state.location.search).toBe('?activated=1');
    const call = callsOf(fetchMock).find(({ call }) => call.includes('/activate/'));
    expect(call?.call).toBe(`POST /viewers/viewers/viewer-of-user-ana/activate/AB3D5F`);
    expect(call?.body).toEqual({
      payment_type: 'CODE',
      payment_info: { request_code: 'AB3D5F' },
      tickets: [],
      livestream: true,
      replay: true,
      meetngreet: false,
    });
  });

  it('takes the code from ?code= and marks an empty one red', async () => {
    await openActivatePage({ [ACTIVATE]: activated }, '/activate?code=xy7k9m');
    expect((codeField() as HTMLInputElement).value).toBe('XY7K9M');

    fireEvent.change(codeField(), { target: { value: '' } });
    activate();
    expect(screen.getByText('Por favor llena todos los campos con borde rojo')).toBeTruthy();
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(codeField().closest('.field')?.className).toContain('field--invalid');
  });

  it('goes to the player of a show already activated (409), with an info message', async () => {
    const { router } = await openActivatePage({
      [ACTIVATE]: () =>
        jsonResponse(409, {
          error: 'ALREADY_ACTIVATED',
          message: 'Ya tienes acceso a este evento',
          show_uid: SHOW,
        }),
    });
    fireEvent.change(codeField(), { target: { value: 'AB3D5F' } });
    activate();
    expect(await screen.findByText('Ya tienes un boleto activado para este show')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/shows/${SHOW}/player`));
  });

  it('opens "Mis boletos" for an in-person ticket, never the player', async () => {
    const { router } = await openActivatePage({
      [ACTIVATE]: () =>
        jsonResponse(200, { _id: 'viewer-show-1', show_uid: SHOW, livestream: false }),
      [MY_TICKETS]: noTickets,
    });
    fireEvent.change(codeField(), { target: { value: 'AB3D5F' } });
    activate();

    expect(await screen.findByText('Tu boleto ha sido activado exitosamente')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/shows'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis boletos' })).toBeTruthy();
    expect(screen.queryByText(/Solicita tu boleto/)).toBeNull();
  });

  it('opens "Mis boletos" for an in-person ticket already activated (409)', async () => {
    const { router } = await openActivatePage({
      [ACTIVATE]: () =>
        jsonResponse(409, {
          error: 'ALREADY_ACTIVATED',
          message: 'Ya tienes un boleto activado para este show',
          show_uid: SHOW,
        }),
      [VIEWER_SHOW]: seatAccess,
      [MY_TICKETS]: noTickets,
    });
    fireEvent.change(codeField(), { target: { value: 'AB3D5F' } });
    activate();
    expect(await screen.findByText('Ya tienes un boleto activado para este show')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/shows'));
  });

  it.each([
    [401, 'UNAUTHORIZED', 'Usuario o contraseña inválida'],
    [
      404,
      'TICKET_CODE_NOT_FOUND',
      'No fue posible activar el código ingresado. El código no existe',
    ],
    [
      422,
      'CODE_ALREADY_USED',
      'No fue posible activar el código ingresado. Ese código ya fue usado',
    ],
  ])('answers %i with its message', async (status, code, text) => {
    const message =
      code === 'TICKET_CODE_NOT_FOUND' ? 'El código no existe' : 'Ese código ya fue usado';
    await openActivatePage({ [ACTIVATE]: () => error(status, code, message) });
    fireEvent.change(codeField(), { target: { value: 'AB3D5F' } });
    activate();
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('says so when the server does not answer', async () => {
    await openActivatePage({ [ACTIVATE]: () => Promise.reject(new TypeError('offline')) as never });
    fireEvent.change(codeField(), { target: { value: 'AB3D5F' } });
    activate();
    expect(
      await screen.findByText('Ocurrió un error al intentar activar el código ingresado'),
    ).toBeTruthy();
  });
});

function LandingWithModal({ onActivated }: { onActivated?: (showId: string) => void }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Activar código
      </button>
      <ActivationModal isOpen={isOpen} onClose={() => setIsOpen(false)} onActivated={onActivated} />
    </>
  );
}

function renderLanding(onActivated?: (showId: string) => void) {
  const router = createMemoryRouter(
    [
      {
        element: <AppShell />,
        children: [{ path: '/festival', element: <LandingWithModal onActivated={onActivated} /> }],
      },
    ],
    { initialEntries: ['/festival'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const modal = () => screen.getByRole('dialog', { name: 'Activar Código' });

describe('"Activar Código" modal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks a visitor to log in ("Ya tengo usuario") and marks every missing field red', async () => {
    let isLoggedIn = false;
    const fetchMock = stubGateway({
      'GET /auth/session': () =>
        isLoggedIn ? jsonResponse(200, ana) : error(401, 'UNAUTHORIZED', 'Debes iniciar sesión'),
      'POST /auth/login': () => {
        isLoggedIn = true;
        return jsonResponse(200, { user: ana.user, session: ana.session });
      },
      [ACTIVATE]: activated,
    });
    const onActivated = vi.fn();
    renderLanding(onActivated);
    fireEvent.click(await screen.findByRole('button', { name: 'Activar código' }));

    const dialog = modal();
    expect(within(dialog).getByRole('radio', { name: 'Ya tengo usuario' })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activar' }));
    expect(
      within(dialog).getByText('Por favor llena todos los campos con borde rojo'),
    ).toBeTruthy();
    const invalid = within(dialog)
      .getAllByRole('textbox')
      .concat(within(dialog).getByLabelText('Contraseña'))
      .filter((input) => input.getAttribute('aria-invalid') === 'true');
    expect(invalid).toHaveLength(3);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Código del boleto' }), {
      target: { value: 'ab3d5f' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Correo electrónico' }), {
      target: { value: 'ana@correo.gt' },
    });
    fireEvent.change(within(dialog).getByLabelText('Contraseña'), {
      target: { value: 'Secreta-2026' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activar' }));

    await waitFor(() => expect(onActivated).toHaveBeenCalledWith(SHOW));
    const calls = callsOf(fetchMock).map(({ call }) => call);
    expect(calls).toContain('POST /auth/login');
    expect(calls).toContain('POST /viewers/viewers/viewer-of-user-ana/activate/AB3D5F');
    expect(screen.getByText('Tu boleto ha sido activado exitosamente')).toBeTruthy();
  });

  it('says "Usuario o contraseña inválida" when the login is refused', async () => {
    stubGateway({ 'POST /auth/login': () => error(401, 'INVALID_CREDENTIALS', 'x') });
    renderLanding();
    fireEvent.click(await screen.findByRole('button', { name: 'Activar código' }));
    const dialog = modal();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Código del boleto' }), {
      target: { value: 'AB3D5F' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Correo electrónico' }), {
      target: { value: 'ana@correo.gt' },
    });
    fireEvent.change(within(dialog).getByLabelText('Contraseña'), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activar' }));
    expect(await within(dialog).findByText('Usuario o contraseña inválida')).toBeTruthy();
  });

  it('"Crear usuario" needs the name and matching confirmations before it signs up', async () => {
    stubGateway({});
    renderLanding();
    fireEvent.click(await screen.findByRole('button', { name: 'Activar código' }));
    const dialog = modal();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Crear usuario' }));
    const type = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type('Código del boleto', 'AB3D5F');
    type('Nombre completo', 'Ana López');
    type('Correo electrónico', 'ana@correo.gt');
    type('Confirmar correo electrónico', 'ana@otro.gt');
    type('Contraseña', 'Secreta-2026');
    type('Confirmar contraseña', 'Secreta-2027');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activar' }));

    expect(
      within(dialog).getByText('Por favor llena todos los campos con borde rojo'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Los correos electrónicos no coinciden.')).toBeTruthy();
    expect(within(dialog).getByText('Las contraseñas no coinciden.')).toBeTruthy();
  });
});
