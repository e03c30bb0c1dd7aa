import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { callsOf, error, renderRoute } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';
import {
  DATE_ID,
  SHOW_ID,
  buildAttendance,
  buildCheckin,
  stubDoor,
  stubVibrate,
} from './door-fixtures';

/** The door's result panel holding `text` (the page has the site's toast alerts too). */
async function doorAlert(text: string): Promise<HTMLElement> {
  const found = (await screen.findByText(text)).closest<HTMLElement>('[role="alert"]');
  if (!found) throw new Error(`no alert holds "${text}"`);
  return found;
}

const checkinCalls = (fetchMock: ReturnType<typeof stubDoor>) =>
  callsOf(fetchMock).filter((c) => c.call === 'POST /admin/checkin');

describe('the door page', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'vibrate');
  });

  it('remembers the chosen show in the address and shows its attendance', async () => {
    const fetchMock = stubDoor(() => jsonResponse(200, buildCheckin()));
    const router = renderRoute('/admin/door');

    const select = await screen.findByLabelText('Evento de esta puerta');
    const labels = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(labels[0]).toBe('Elige el evento…');
    expect(labels[2]).toMatch(/^Noche de Marimba — Función del sábado · /);
    expect(screen.queryByRole('button', { name: 'Escanear con la cámara' })).toBeNull();

    fireEvent.change(select, { target: { value: DATE_ID } });

    expect(await screen.findByText('1 de 3 ingresaron')).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('show')).toBe(DATE_ID);
    expect(screen.getByRole('button', { name: 'Escanear con la cámara' })).toBeTruthy();
    expect(callsOf(fetchMock).map((c) => c.call)).toContain(
      `GET /admin/shows/${DATE_ID}/attendance`,
    );
    const listed = callsOf(fetchMock).find((c) => c.call === 'GET /admin/shows');
    expect(listed?.url.searchParams.get('status')).toBe('ACTIVE,STARTED,LIVE,HIDDEN,TEST');
    expect(listed?.url.searchParams.get('page_size')).toBe('200');
  });

  it('admits a typed code: loud "Adelante" with the ticket and holder, and the new count', async () => {
    const vibrate = stubVibrate();
    // The server's count follows the admission: the page reads it again after each
    // check-in, and a stub still answering 1 put the count back under a slow run (CI).
    let admitted = false;
    const fetchMock = stubDoor(
      () => {
        admitted = true;
        return jsonResponse(200, buildCheckin());
      },
      () => buildAttendance({ checked_in: admitted ? 2 : 1 }),
    );
    renderRoute(`/admin/door?show=${SHOW_ID}`);
    expect(await screen.findByText('1 de 3 ingresaron')).toBeTruthy();

    const input = screen.getByLabelText('Código del boleto');
    fireEvent.change(input, { target: { value: ' ab2cde ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Validar código' }));

    const alert = await doorAlert('Adelante');
    expect(alert.className).toContain('door-result--admitted');
    expect(within(alert).getByText('Adelante')).toBeTruthy();
    expect(within(alert).getByText('Platea')).toBeTruthy();
    expect(within(alert).getByText('Sección Platea · Fila B · Asiento 7')).toBeTruthy();
    expect(within(alert).getByText('Ana María López')).toBeTruthy();
    expect(checkinCalls(fetchMock).map((c) => c.body)).toEqual([
      { code: 'AB2CDE', show_uid: SHOW_ID },
    ]);
    expect(await screen.findByText('2 de 3 ingresaron')).toBeTruthy();
    expect(vibrate).toHaveBeenCalledWith(150);
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
  });

  it('says loudly in red why a code may not come in', async () => {
    const vibrate = stubVibrate();
    stubDoor(() =>
      jsonResponse(409, {
        error: 'TICKET_ALREADY_CHECKED_IN',
        message: 'Ya ingresó a las 19:42',
        checked_in_at: '2026-11-28T01:42:00.000Z',
      }),
    );
    renderRoute(`/admin/door?show=${SHOW_ID}`);

    fireEvent.change(await screen.findByLabelText('Código del boleto'), {
      target: { value: 'AB2CDE' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Validar código' }));

    const alert = await doorAlert('Ya ingresó a las 19:42');
    expect(alert.className).toContain('door-result--refused');
    expect(within(alert).getByText('Ya ingresó a las 19:42')).toBeTruthy();
    expect(within(alert).getByText('No puede ingresar')).toBeTruthy();
    expect(within(alert).getByText('Código AB2CDE')).toBeTruthy();
    expect(vibrate).toHaveBeenCalledWith([120, 80, 120, 80, 300]);
  });

  it('refuses a malformed typed code next to the field, without asking the server', async () => {
    const fetchMock = stubDoor(() => error(404, 'TICKET_CODE_UNKNOWN', 'Código desconocido'));
    renderRoute(`/admin/door?show=${SHOW_ID}`);

    fireEvent.change(await screen.findByLabelText('Código del boleto'), {
      target: { value: 'AB1O' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Validar código' }));

    expect(
      await screen.findByText('El código debe tener 6 letras o números (sin 0, O, 1, I ni L)'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Código del boleto').getAttribute('aria-invalid')).toBe('true');
    expect(checkinCalls(fetchMock)).toHaveLength(0);
    expect(document.querySelector('.door-result')).toBeNull();
  });

  it('lists the last check-ins with their time on the show’s clock', async () => {
    stubDoor(
      () => jsonResponse(200, buildCheckin()),
      () =>
        buildAttendance({
          checked_in: 1,
          recent: [
            {
              code: 'XY3ZKP',
              ticket: 'General',
              place: null,
              buyer_name: 'Luis Pérez',
              order_number: 88,
              checked_in_at: '2026-11-28T01:42:00.000Z',
              voided_at: null,
            },
            {
              code: 'QW7RTY',
              ticket: 'General',
              place: null,
              buyer_name: 'Eva Ruiz',
              order_number: 87,
              checked_in_at: '2026-11-28T01:30:00.000Z',
              voided_at: '2026-11-28T02:00:00.000Z',
            },
          ],
        }),
    );
    renderRoute(`/admin/door?show=${SHOW_ID}`);

    const recent = await screen.findByRole('region', { name: 'Últimos ingresos' });
    expect(await within(recent).findByText('XY3ZKP')).toBeTruthy();
    expect(within(recent).getByText('General · Luis Pérez')).toBeTruthy();
    expect(within(recent).getByText(/7:42/)).toBeTruthy();
    // One who came in before the order was cancelled stays listed, marked voided.
    const [kept, voided] = within(recent).getAllByRole('listitem');
    expect(kept?.textContent).not.toContain('Anulado');
    expect(voided?.textContent).toContain('QW7RTY');
    expect(voided?.textContent).toContain('Anulado');
  });
});
