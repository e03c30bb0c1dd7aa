import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminShowEventBody } from '@taquilla/contract';
import { FakeWebSocket } from '../../test/fake-websocket';
import { callsOf } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';
import {
  EVENTS,
  SHOW_ID,
  VIEWERS,
  buildAdminShow,
  refused,
  renderLivePage,
  stubLiveApi,
} from './test/live-harness';
import type { ApiRequest } from './test/live-harness';

const EVENTS_PATH = `/admin/shows/${SHOW_ID}/events`;

/** The API's answer to an event: the message as published and the show's status after it. */
function eventAnswer(request: ApiRequest, showStatus = 'LIVE', published = true) {
  const body = request.body as AdminShowEventBody;
  return jsonResponse(201, {
    show_uid: SHOW_ID,
    show_status: showStatus,
    published,
    event: {
      event: 'statusChange',
      data: {
        type: 'status',
        status: body.status,
        ...(body.metadata ? { metadata: body.metadata } : {}),
        created_at: '2026-12-05T02:30:00.000Z',
      },
    },
  });
}

const eventBodies = (fetchMock: ReturnType<typeof stubLiveApi>) =>
  callsOf(fetchMock)
    .filter((c) => c.call === `POST ${EVENTS_PATH}`)
    .map((c) => c.body);

const controls = () => screen.getByRole('region', { name: 'Transmisión' });

describe('live control room: the broadcast’s events', () => {
  beforeEach(() => {
    FakeWebSocket.sockets.length = 0;
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('starts the broadcast with {status: start} and shows the status and the event it left', async () => {
    const fetchMock = stubLiveApi(buildAdminShow(), {
      'POST /admin/shows/:id/events': (request) => eventAnswer(request, 'LIVE'),
    });
    renderLivePage();
    await screen.findByRole('heading', { level: 1, name: 'Concierto en línea · En vivo' });
    expect(within(controls()).getByText('A la venta')).toBeTruthy();
    expect(within(controls()).getByText('Todavía no se ha enviado ningún evento.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Iniciar' }));

    expect(await screen.findByText('Enviado: Iniciar.')).toBeTruthy();
    expect(eventBodies(fetchMock)).toEqual([{ status: 'start' }]);
    expect(within(controls()).getByText('En vivo')).toBeTruthy();
    expect(within(controls()).getByText(/Transmisión iniciada/)).toBeTruthy();
    // The frame reads the show again for its title, without unmounting the room.
    await waitFor(() =>
      expect(
        callsOf(fetchMock).filter(({ call }) => /^GET \/admin\/shows\/[^/]+$/.test(call)),
      ).toHaveLength(2),
    );
    expect(screen.getByText('Enviado: Iniciar.')).toBeTruthy();
  });

  it('disables every event on a draft, with the reason beside each, and says Iniciar cannot open its chat', async () => {
    const fetchMock = stubLiveApi(buildAdminShow({ status: 'NEW' }));
    renderLivePage();
    await screen.findByRole('heading', { level: 1, name: 'Concierto en línea · En vivo' });
    const reason = 'No disponible: el evento está en borrador.';
    const help = 'Para transmitir, publica el evento: cambia su estado en la pestaña General.';
    expect(within(controls()).getByText(help)).toBeTruthy();
    for (const name of ['Iniciar', 'Reiniciar', 'Problemas técnicos', 'Telón', 'Terminar']) {
      const button = within(controls()).getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      const described = (button.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
      expect(described).toEqual([reason, help]);
      fireEvent.click(button);
    }
    expect(eventBodies(fetchMock)).toEqual([]);
    const notice = screen.getByRole('button', { name: 'Enviar aviso' }) as HTMLButtonElement;
    expect(notice.disabled).toBe(true);
    expect(
      screen.getByText('No disponible: los avisos se envían con el chat abierto.'),
    ).toBeTruthy();
  });

  it('keeps the events enabled, with their hints, on a show on sale', async () => {
    stubLiveApi(buildAdminShow({ status: 'ACTIVE' }));
    renderLivePage();
    const start = (await screen.findByRole('button', { name: 'Iniciar' })) as HTMLButtonElement;
    expect(start.disabled).toBe(false);
    expect(screen.getByText('Abre la transmisión para todos los reproductores.')).toBeTruthy();
  });

  it('sends technical issues at once, without a confirmation', async () => {
    const fetchMock = stubLiveApi(buildAdminShow({ status: 'LIVE' }), {
      'POST /admin/shows/:id/events': (request) => eventAnswer(request),
    });
    renderLivePage();
    fireEvent.click(await screen.findByRole('button', { name: 'Problemas técnicos' }));
    expect(await screen.findByText('Enviado: Problemas técnicos.')).toBeTruthy();
    expect(eventBodies(fetchMock)).toEqual([{ status: 'issues' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ends only after the confirmation, and the show closes', async () => {
    const fetchMock = stubLiveApi(buildAdminShow({ status: 'LIVE' }), {
      'POST /admin/shows/:id/events': (request) => eventAnswer(request, 'CLOSED'),
    });
    renderLivePage();
    fireEvent.click(await screen.findByRole('button', { name: 'Terminar' }));

    const dialog = await screen.findByRole('dialog', { name: '¿Terminar la transmisión?' });
    expect(eventBodies(fetchMock)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(eventBodies(fetchMock)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Terminar' }));
    const again = await screen.findByRole('dialog', { name: '¿Terminar la transmisión?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Terminar transmisión' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(eventBodies(fetchMock)).toEqual([{ status: 'end' }]);
    expect(within(controls()).getByText('Cerrado')).toBeTruthy();
    expect(within(controls()).getByText(/Transmisión terminada/)).toBeTruthy();
  });

  it('restarts only after the confirmation, and shows a refusal inside the dialog', async () => {
    let answer: (request: ApiRequest) => Response = () =>
      refused(409, 'LIVE_EVENT_NOT_ALLOWED', 'Este evento no acepta eventos en vivo');
    const fetchMock = stubLiveApi(buildAdminShow({ status: 'LIVE' }), {
      'POST /admin/shows/:id/events': (request) => answer(request),
    });
    renderLivePage();
    fireEvent.click(await screen.findByRole('button', { name: 'Reiniciar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Reiniciar la transmisión?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reiniciar' }));
    expect(await within(dialog).findByText('Este evento no acepta eventos en vivo')).toBeTruthy();

    answer = (request) => eventAnswer(request);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reiniciar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(eventBodies(fetchMock)).toEqual([{ status: 'restart' }, { status: 'restart' }]);
  });

  it('lowers a curtain with a message, or with a looping video, after checking the form', async () => {
    const fetchMock = stubLiveApi(buildAdminShow({ status: 'LIVE' }), {
      'POST /admin/shows/:id/events': (request) => eventAnswer(request),
    });
    renderLivePage();
    fireEvent.click(await screen.findByRole('button', { name: 'Telón' }));
    const form = screen.getByRole('form', { name: 'Telón' });

    fireEvent.click(within(form).getByRole('button', { name: 'Bajar el telón' }));
    expect(await within(form).findByText('Escribe el mensaje principal del telón')).toBeTruthy();
    expect(eventBodies(fetchMock)).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Mensaje principal'), {
      target: { value: 'Regresamos en 10 minutos' },
    });
    fireEvent.change(within(form).getByLabelText('Segundo mensaje (opcional)'), {
      target: { value: 'Intermedio' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Bajar el telón' }));
    expect(await screen.findByText(/Telón con mensaje: «Regresamos en 10 minutos»/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Telón' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Telón' }));
    const second = screen.getByRole('form', { name: 'Telón' });
    fireEvent.click(within(second).getByRole('radio', { name: 'Un video en bucle' }));
    fireEvent.change(within(second).getByLabelText('Dirección del video'), {
      target: { value: '/media/demo/taquilla-demo.m3u8' },
    });
    fireEvent.click(within(second).getByRole('button', { name: 'Bajar el telón' }));
    expect(await screen.findByText(/Telón con video en bucle/)).toBeTruthy();

    expect(eventBodies(fetchMock)).toEqual([
      {
        status: 'curtain',
        metadata: { type: 'static', message1: 'Regresamos en 10 minutos', message2: 'Intermedio' },
      },
      {
        status: 'curtain',
        metadata: { type: 'video', video_url: '/media/demo/taquilla-demo.m3u8' },
      },
    ]);
  });

  it('shows the server’s 422 beside the curtain field it names', async () => {
    stubLiveApi(buildAdminShow({ status: 'LIVE' }), {
      'POST /admin/shows/:id/events': () =>
        refused(422, 'VALIDATION_ERROR', 'Revisa los datos', [
          { field: 'metadata.video_url', message: 'Ese video no existe' },
        ]),
    });
    renderLivePage();
    fireEvent.click(await screen.findByRole('button', { name: 'Telón' }));
    const form = screen.getByRole('form', { name: 'Telón' });
    fireEvent.click(within(form).getByRole('radio', { name: 'Un video en bucle' }));
    const url = within(form).getByLabelText('Dirección del video');
    fireEvent.change(url, { target: { value: 'https://cdn.example.com/telon.mp4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Bajar el telón' }));
    expect(await within(form).findByText('Ese video no existe')).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows an event another screen sent, heard on show-events', async () => {
    stubLiveApi(buildAdminShow({ status: 'LIVE' }));
    renderLivePage();
    await screen.findByText('Todavía no se ha enviado ningún evento.');
    await waitFor(() => expect(FakeWebSocket.latest().channels()).toContain(EVENTS));
    act(() =>
      FakeWebSocket.latest().push(EVENTS, {
        event: 'statusChange',
        data: { type: 'status', status: 'issues', created_at: '2026-12-05T02:40:00.000Z' },
      }),
    );
    expect(within(controls()).getByText('Problemas técnicos', { selector: 'dd' })).toBeTruthy();
  });

  it('shows the live viewer count and reads it again every 10 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let viewers = VIEWERS.viewers;
    const fetchMock = stubLiveApi(buildAdminShow({ status: 'LIVE' }), {
      'GET /admin/shows/:id/viewers': () => jsonResponse(200, { ...VIEWERS, viewers }),
    });
    renderLivePage();
    const audience = await screen.findByRole('region', { name: 'Audiencia' });
    expect(await within(audience).findByText('1,234')).toBeTruthy();
    expect(within(audience).getByText('56')).toBeTruthy();
    expect(within(audience).getByText('78')).toBeTruthy();

    viewers = 1300;
    act(() => vi.advanceTimersByTime(10_000));
    expect(await within(audience).findByText('1,300')).toBeTruthy();
    const reads = callsOf(fetchMock).filter(
      (c) => c.call === `GET /admin/shows/${SHOW_ID}/viewers`,
    );
    expect(reads).toHaveLength(2);
  });
});
