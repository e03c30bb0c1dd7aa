import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TelethonCodes } from '@taquilla/contract';
import { jsonResponse } from '../../../test/show-factory';
import { callsOf, error, stubGateway } from '../../../test/session-factory';
import type { Handler } from '../../../test/session-factory';
import { eventShow, renderTemplate } from './event-parts/template-harness';
import { TelethonTemplate } from './telethon-template';

const DPI = '2456789012345';
const NO_CODES =
  'No hemos encontrado códigos para este DPI. Es posible que tu aporte aún no haya sido cargado al sistema. Por favor vuelve a internar más tarde.';

const telethon = eventShow(
  { _id: 'teleton-2026', fullname: 'Teletón del Lago', path: 'teleton2026' },
  { landing: { template: 'telethon', intro: 'Tu aporte cambia vidas.' } },
);

const SENT =
  'Si este DPI tiene códigos, los enviamos al correo con el que se hizo la compra. Revisa tu bandeja de entrada y la carpeta de spam.';

function stubTelethon(
  lookup: Handler = () => jsonResponse(200, { total: 0, items: [] }),
  send: Handler = () => jsonResponse(202, { message: SENT }),
) {
  const fetchMock = stubGateway({
    'GET /cart/orders/teleton': lookup,
    'POST /cart/orders/teleton/send': send,
    'GET /shows/:id/tickets': () => jsonResponse(200, { items: [] }),
  });
  return {
    lookups: () =>
      callsOf(fetchMock)
        .filter((call) => call.call === 'GET /cart/orders/teleton')
        .map((call) => call.url.searchParams.get('dpi')),
    shows: () =>
      callsOf(fetchMock)
        .filter((call) => call.call === 'GET /cart/orders/teleton')
        .map((call) => call.url.searchParams.get('show_uid')),
    sends: () =>
      callsOf(fetchMock)
        .filter((call) => call.call === 'POST /cart/orders/teleton/send')
        .map((call) => call.body),
  };
}

async function lookUp(value: string) {
  const field = await screen.findByRole('textbox', { name: 'DPI' });
  fireEvent.change(field, { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Consultar' }));
  return field;
}

describe('telethon template', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers buying online, the DPI lookup and the way into the player', async () => {
    stubTelethon();

    renderTemplate(TelethonTemplate, { show: telethon });

    expect(await screen.findByRole('heading', { level: 1, name: 'Teletón del Lago' })).toBeTruthy();
    const buy = screen.getByRole('link', { name: 'Comprar en línea' });
    const target = document.getElementById(buy.getAttribute('href')!.slice(1))!;
    expect(await within(target).findByRole('region', { name: 'Comprar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe(
      '/teleton2026/player',
    );
    const field = screen.getByRole('textbox', { name: 'DPI' });
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('maxlength')).toBe('13');
  });

  it('looks nothing up below 13 digits and says why', async () => {
    const api = stubTelethon();
    renderTemplate(TelethonTemplate, { show: telethon });

    const field = await lookUp('24567890');

    expect(await screen.findByText('El DPI tiene 13 dígitos; escribiste 8.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.lookups()).toEqual([]);
  });

  it('looks nothing up for 13 characters that are not a valid DPI', async () => {
    const api = stubTelethon();
    renderTemplate(TelethonTemplate, { show: telethon });

    await lookUp('24567-9012345');
    expect(
      await screen.findByText(
        'Revisa tu DPI: son 13 dígitos, solo números, sin espacios ni guiones.',
      ),
    ).toBeTruthy();
    await lookUp('0000000000000');
    expect(
      await screen.findByText(
        'Revisa tu DPI: son 13 dígitos, solo números, sin espacios ni guiones.',
      ),
    ).toBeTruthy();
    expect(api.lookups()).toEqual([]);
  });

  it('says exactly that no codes were found for the DPI', async () => {
    const api = stubTelethon();
    renderTemplate(TelethonTemplate, { show: telethon });

    await lookUp(DPI);

    expect((await screen.findByText(NO_CODES)).textContent).toBe(NO_CODES);
    expect(api.lookups()).toEqual([DPI]);
  });

  it('lists the codes found, each with its way to activation unless already activated', async () => {
    const answer: TelethonCodes = {
      total: 2,
      items: [
        {
          code: 'K7M2PQ',
          masked: false,
          show_uid: 'teleton-2026',
          show_name: 'Teletón del Lago',
          ticket_name: 'Aporte Q 100',
          activated: false,
        },
        {
          code: 'R8T3WX',
          masked: false,
          show_uid: 'teleton-2026',
          show_name: 'Teletón del Lago',
          ticket_name: 'Aporte Q 250',
          activated: true,
        },
      ],
    };
    stubTelethon(() => jsonResponse(200, answer));
    renderTemplate(TelethonTemplate, { show: telethon });

    await lookUp(DPI);

    const codes = within(await screen.findByRole('region', { name: 'Tus códigos' }));
    expect(codes.getByText('Encontramos 2 códigos.')).toBeTruthy();
    const first = codes.getByText('K7M2PQ').closest('li')!;
    expect(within(first).getByText('Teletón del Lago · Aporte Q 100')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Activar K7M2PQ' }).getAttribute('href')).toBe(
      '/activate?code=K7M2PQ',
    );
    const second = codes.getByText('R8T3WX').closest('li')!;
    expect(within(second).getByText('ACTIVADO')).toBeTruthy();
    expect(within(second).queryByRole('link')).toBeNull();
  });

  it('asks for this telethon’s codes only', async () => {
    const api = stubTelethon();
    renderTemplate(TelethonTemplate, { show: telethon });

    await lookUp(DPI);

    await screen.findByText(NO_CODES);
    expect(api.shows()).toEqual(['teleton-2026']);
  });

  it('shows masked codes without activation, and mails them whole on "Enviarme mis códigos"', async () => {
    const masked: TelethonCodes = {
      total: 2,
      items: [
        {
          code: 'K7••••',
          masked: true,
          show_uid: 'teleton-2026',
          show_name: 'Teletón del Lago',
          ticket_name: 'Aporte Q 100',
          activated: false,
        },
        {
          code: 'R8••••',
          masked: true,
          show_uid: 'teleton-2026',
          show_name: 'Teletón del Lago',
          ticket_name: 'Aporte Q 250',
          activated: true,
        },
      ],
    };
    const api = stubTelethon(() => jsonResponse(200, masked));
    renderTemplate(TelethonTemplate, { show: telethon });

    await lookUp(DPI);

    const codes = within(await screen.findByRole('region', { name: 'Tus códigos' }));
    const first = codes.getByText('K7••••').closest('li')!;
    expect(codes.getByText('K7••••').getAttribute('aria-label')).toBe(
      'Código oculto que empieza con K7',
    );
    expect(within(first).getByText('Teletón del Lago · Aporte Q 100')).toBeTruthy();
    expect(within(first).queryByRole('link')).toBeNull();
    expect(within(codes.getByText('R8••••').closest('li')!).getByText('ACTIVADO')).toBeTruthy();

    fireEvent.click(codes.getByRole('button', { name: 'Enviarme mis códigos' }));

    expect(await codes.findByText(SENT)).toBeTruthy();
    expect(api.sends()).toEqual([{ dpi: DPI, show_uid: 'teleton-2026' }]);
  });

  it('offers no e-mail when every code is whole (the signed-in buyer)', async () => {
    const whole: TelethonCodes = {
      total: 1,
      items: [
        {
          code: 'K7M2PQ',
          masked: false,
          show_uid: 'teleton-2026',
          show_name: 'Teletón del Lago',
          ticket_name: 'Aporte Q 100',
          activated: false,
        },
      ],
    };
    stubTelethon(() => jsonResponse(200, whole));
    renderTemplate(TelethonTemplate, { show: telethon });

    await lookUp(DPI);

    expect(await screen.findByRole('link', { name: 'Activar K7M2PQ' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviarme mis códigos' })).toBeNull();
  });

  it('shows the server’s word for a refused DPI and for too many lookups', async () => {
    let answer = () =>
      error(422, 'VALIDATION_ERROR', 'Los datos enviados no son válidos', [
        { field: 'dpi', message: 'El DPI debe tener 13 dígitos' },
      ]);
    stubTelethon(() => answer());
    renderTemplate(TelethonTemplate, { show: telethon });

    await lookUp(DPI);
    expect(await screen.findByText('El DPI debe tener 13 dígitos')).toBeTruthy();

    const wait = 'Demasiados intentos. Por favor espera un momento y vuelve a intentar.';
    answer = () => error(429, 'RATE_LIMITED', wait);
    fireEvent.click(screen.getByRole('button', { name: 'Consultar' }));
    expect((await screen.findByText(wait)).closest('[role="alert"]')).toBeTruthy();
  });

  it('looks nothing up from the console preview', async () => {
    const api = stubTelethon();
    renderTemplate(TelethonTemplate, { show: telethon, preview: true });

    await lookUp(DPI);

    await screen.findByRole('heading', { level: 2, name: 'Teletón del Lago' });
    expect(screen.queryByText(NO_CODES)).toBeNull();
    expect(api.lookups()).toEqual([]);
  });
});
