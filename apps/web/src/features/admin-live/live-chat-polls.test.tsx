import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPollCreate, Poll } from '@taquilla/contract';
import { FakeWebSocket } from '../../test/fake-websocket';
import { callsOf } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';
import {
  CHAT,
  POLLS,
  SHOW_ID,
  buildAdminShow,
  buildMessage,
  buildPoll,
  joinedSocket,
  push,
  refused,
  renderLivePage,
  stubLiveApi,
} from './test/live-harness';

const init = (messages: unknown[] = []) => ({
  type: 'init',
  messages,
  poll: null,
  pollAnswered: false,
});
const chatRegion = () => screen.getByRole('region', { name: 'Chat' });
const pollsRegion = () => screen.getByRole('region', { name: 'Encuestas' });
const chatLines = () =>
  within(screen.getByRole('list', { name: 'Mensajes del chat' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

/** A live show whose settings turn polls on (001 §4: `settings.polls`). */
const pollsShow = () => {
  const show = buildAdminShow({ status: 'LIVE' });
  return { ...show, settings: { ...show.settings, polls: true } };
};

describe('live control room: chat moderation', () => {
  beforeEach(() => {
    FakeWebSocket.sockets.length = 0;
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('joins the show’s chat with setChannel and shows the history and what arrives', async () => {
    stubLiveApi(buildAdminShow({ status: 'LIVE' }));
    renderLivePage();
    const socket = await joinedSocket(CHAT);
    expect(socket.actions('setChannel').find((m) => m.channel_id === CHAT)).toEqual({
      action: 'setChannel',
      channel_id: CHAT,
      show_uid: SHOW_ID,
    });
    push(socket, CHAT, init([buildMessage({ message: '¡Hola desde Xela!' })]));
    push(
      socket,
      CHAT,
      buildMessage({ type: 'notification', username: 'Taquilla', message: 'Bienvenidos' }),
    );
    expect(chatLines()).toEqual(['Carlos M. ¡Hola desde Xela!', 'Aviso Bienvenidos']);
  });

  it('says the chat is closed before the show is live, and joins again once Iniciar makes it LIVE', async () => {
    stubLiveApi(buildAdminShow({ status: 'ACTIVE' }), {
      'POST /admin/shows/:id/events': () =>
        jsonResponse(201, {
          show_uid: SHOW_ID,
          show_status: 'LIVE',
          published: true,
          event: {
            event: 'statusChange',
            data: { type: 'status', status: 'start', created_at: '2026-12-05T02:30:00.000Z' },
          },
        }),
    });
    renderLivePage();
    const socket = await joinedSocket(CHAT);
    act(() => socket.refuse(CHAT, 'CHAT_CLOSED', 'El chat está cerrado'));
    expect(await within(chatRegion()).findByText(/El chat está cerrado: se abre/)).toBeTruthy();
    const joins = () => socket.actions('setChannel').filter((m) => m.channel_id === CHAT);
    expect(joins()).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Iniciar' }));
    await waitFor(() => expect(joins()).toHaveLength(2));
    push(socket, CHAT, init([buildMessage({ message: 'Ya empezó' })]));
    expect(chatLines()).toEqual(['Carlos M. Ya empezó']);
    expect(within(chatRegion()).queryByText(/El chat está cerrado/)).toBeNull();
  });

  it('on a draft, says the chat is closed without promising that Iniciar opens it', async () => {
    stubLiveApi(buildAdminShow({ status: 'NEW' }));
    renderLivePage();
    const socket = await joinedSocket(CHAT);
    act(() => socket.refuse(CHAT, 'CHAT_CLOSED', 'El chat está cerrado'));
    expect(
      await within(chatRegion()).findByText(
        'El chat está cerrado: se abre cuando el evento está en vivo o en prueba, y en el estado actual Iniciar no puede abrirlo. Cambia el estado del evento primero.',
      ),
    ).toBeTruthy();
    expect(within(chatRegion()).queryByText(/Iniciar lo abre/)).toBeNull();
    // Trying again cannot open it either.
    expect(within(chatRegion()).queryByRole('button', { name: 'Volver a intentar' })).toBeNull();
  });

  it('deletes a message after the confirmation', async () => {
    const fetchMock = stubLiveApi(buildAdminShow({ status: 'LIVE' }), {
      'DELETE /admin/shows/:id/chat/messages/:messageId': (request) =>
        jsonResponse(200, {
          ...doomed,
          user_uid: null,
          viewer_uid: null,
          deleted_at: '2026-12-05T02:11:00.000Z',
          _id: request.url.pathname.split('/').at(-1),
        }),
    });
    const doomed = buildMessage({ username: 'Troll', message: 'spam spam' });
    const kept = buildMessage({ message: 'Qué buen concierto' });
    renderLivePage();
    const socket = await joinedSocket(CHAT);
    push(socket, CHAT, init([doomed, kept]));

    fireEvent.click(
      within(chatRegion()).getByRole('button', { name: 'Eliminar el mensaje de Troll' }),
    );
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar este mensaje?' });
    expect(within(dialog).getByText(/«spam spam»/)).toBeTruthy();
    const deletes = () => callsOf(fetchMock).filter((c) => c.call.startsWith('DELETE'));
    expect(deletes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar mensaje' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes().map((c) => c.call)).toEqual([
      `DELETE /admin/shows/${SHOW_ID}/chat/messages/${doomed._id}`,
    ]);
    expect(chatLines()).toEqual(['Carlos M. Qué buen concierto']);
  });

  it('mutes the author of a message after the confirmation and lists them, with the way back', async () => {
    let mutes: unknown[] = [];
    const mute = {
      _id: '0193b2a4-2222-7000-8000-000000000001',
      show_uid: SHOW_ID,
      username: 'Troll',
      user_uid: null,
      created_at: '2026-12-05T02:12:00.000Z',
    };
    const fetchMock = stubLiveApi(buildAdminShow({ status: 'LIVE' }), {
      'POST /admin/shows/:id/chat/mutes': () => {
        mutes = [mute];
        return jsonResponse(201, mute);
      },
      'GET /admin/shows/:id/chat/mutes': () => jsonResponse(200, { items: mutes }),
      'DELETE /admin/shows/:id/chat/mutes/:muteId': () => jsonResponse(200, mute),
    });
    const message = buildMessage({ username: 'Troll' });
    renderLivePage();
    const socket = await joinedSocket(CHAT);
    push(socket, CHAT, init([message]));
    expect(await within(chatRegion()).findByText('Nadie está silenciado.')).toBeTruthy();

    fireEvent.click(within(chatRegion()).getByRole('button', { name: 'Silenciar a Troll' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Silenciar a esta persona?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Silenciar' }));

    const giveBack = await within(chatRegion()).findByRole('button', {
      name: 'Devolver la palabra a Troll',
    });
    const posted = callsOf(fetchMock).filter((c) => c.call.startsWith('POST'));
    expect(posted).toMatchObject([
      { call: `POST /admin/shows/${SHOW_ID}/chat/mutes`, body: { message_uid: message._id } },
    ]);
    fireEvent.click(giveBack);
    expect(await within(chatRegion()).findByText('Nadie está silenciado.')).toBeTruthy();
    expect(callsOf(fetchMock).map((c) => c.call)).toContain(
      `DELETE /admin/shows/${SHOW_ID}/chat/mutes/${mute._id}`,
    );
  });

  it('sends a notice to the chat, refusing an empty one before it goes', async () => {
    const fetchMock = stubLiveApi(buildAdminShow({ status: 'LIVE' }), {
      'POST /admin/shows/:id/chat/notifications': () =>
        jsonResponse(201, buildMessage({ type: 'notification', message: 'Intermedio de 10 min' })),
    });
    renderLivePage();
    await joinedSocket(CHAT);
    const send = within(chatRegion()).getByRole('button', { name: 'Enviar aviso' });
    fireEvent.click(send);
    expect(await within(chatRegion()).findByText('Escribe el mensaje')).toBeTruthy();

    fireEvent.change(within(chatRegion()).getByLabelText('Aviso para el chat'), {
      target: { value: 'Intermedio de 10 min' },
    });
    fireEvent.click(send);
    expect(await within(chatRegion()).findByText('Aviso enviado.')).toBeTruthy();
    const notices = callsOf(fetchMock).filter((c) => c.call.endsWith('/chat/notifications'));
    expect(notices.map((c) => c.body)).toEqual([{ message: 'Intermedio de 10 min' }]);
  });
});

describe('live control room: polls', () => {
  beforeEach(() => {
    FakeWebSocket.sockets.length = 0;
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('creates a poll, activates it, and shows its results live to two decimals', async () => {
    let created: Poll | null = null;
    const fetchMock = stubLiveApi(pollsShow(), {
      'POST /admin/shows/:id/polls': (request) => {
        const body = request.body as AdminPollCreate;
        created = buildPoll({ question: body.question });
        created = {
          ...created,
          options: body.options.map((text, i) => ({ _id: `op-${i}`, text })),
          results: body.options.map((text, i) => ({ id: `op-${i}`, text, count: 0, percent: 0 })),
        };
        return jsonResponse(201, created);
      },
      'PUT /admin/shows/:id/polls/:pollId/status': () =>
        jsonResponse(200, { ...created, config: { status: 'ACTIVE' } }),
    });
    renderLivePage();
    const socket = await joinedSocket(POLLS);
    expect(await within(pollsRegion()).findByText('Todavía no hay encuestas.')).toBeTruthy();

    const form = within(pollsRegion()).getByRole('form', { name: 'Nueva encuesta' });
    fireEvent.change(within(form).getByLabelText('Pregunta'), {
      target: { value: '¿Qué canción quieren para el cierre?' },
    });
    fireEvent.change(within(form).getByLabelText('Opción 1'), {
      target: { value: 'Luna de Xelajú' },
    });
    fireEvent.change(within(form).getByLabelText('Opción 2'), {
      target: { value: 'Ferrocarril de los Altos' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Agregar opción' }));
    fireEvent.change(within(form).getByLabelText('Opción 3'), {
      target: { value: 'Chichicastenango' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear encuesta' }));

    const activate = await within(pollsRegion()).findByRole('button', {
      name: 'Activar «¿Qué canción quieren para el cierre?»',
    });
    expect(within(pollsRegion()).getByText('Borrador')).toBeTruthy();
    fireEvent.click(activate);
    expect(await within(pollsRegion()).findByText('Activa')).toBeTruthy();

    push(socket, POLLS, {
      type: 'poll-results',
      poll_uid: created!._id,
      results: [
        { id: 'op-0', text: 'Luna de Xelajú', count: 1, percent: 33.33 },
        { id: 'op-1', text: 'Ferrocarril de los Altos', count: 2, percent: 66.67 },
        { id: 'op-2', text: 'Chichicastenango', count: 0, percent: 0 },
      ],
      total: 3,
    });
    const results = within(pollsRegion()).getByRole('list', {
      name: 'Resultados de «¿Qué canción quieren para el cierre?»',
    });
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Luna de Xelajú1 voto · 33.33 %',
      'Ferrocarril de los Altos2 votos · 66.67 %',
      'Chichicastenango0 votos · 0.00 %',
    ]);
    expect(within(pollsRegion()).getByText('3 respuestas')).toBeTruthy();

    const writes = callsOf(fetchMock).filter(
      (c) => c.call.startsWith('POST') || c.call.startsWith('PUT'),
    );
    expect(writes).toEqual([
      expect.objectContaining({
        call: `POST /admin/shows/${SHOW_ID}/polls`,
        body: {
          question: '¿Qué canción quieren para el cierre?',
          options: ['Luna de Xelajú', 'Ferrocarril de los Altos', 'Chichicastenango'],
        },
      }),
      expect.objectContaining({
        call: `PUT /admin/shows/${SHOW_ID}/polls/${created!._id}/status`,
        body: { status: 'ACTIVE' },
      }),
    ]);
  });

  it('refuses repeated options before sending, and closes the active poll after the confirmation', async () => {
    const active = buildPoll({ config: { status: 'ACTIVE' } }, [3, 1, 0]);
    const fetchMock = stubLiveApi(buildAdminShow({ status: 'LIVE' }), {
      'GET /admin/shows/:id/polls': () => jsonResponse(200, { items: [active] }),
      'PUT /admin/shows/:id/polls/:pollId/status': () =>
        jsonResponse(200, { ...active, config: { status: 'CLOSED' } }),
    });
    renderLivePage();
    const form = await within(await screen.findByRole('region', { name: 'Encuestas' })).findByRole(
      'form',
      { name: 'Nueva encuesta' },
    );
    fireEvent.change(within(form).getByLabelText('Pregunta'), { target: { value: '¿Otra?' } });
    fireEvent.change(within(form).getByLabelText('Opción 1'), { target: { value: 'Sí' } });
    fireEvent.change(within(form).getByLabelText('Opción 2'), { target: { value: 'sí' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear encuesta' }));
    expect(await within(form).findByText('Las opciones deben ser distintas')).toBeTruthy();

    fireEvent.click(
      await within(pollsRegion()).findByRole('button', { name: `Cerrar «${active.question}»` }),
    );
    const dialog = await screen.findByRole('dialog', { name: '¿Cerrar esta encuesta?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar encuesta' }));
    expect(await within(pollsRegion()).findByText('Cerrada')).toBeTruthy();
    expect(
      callsOf(fetchMock)
        .filter((c) => c.call.startsWith('P'))
        .map((c) => c.body),
    ).toEqual([{ status: 'CLOSED' }]);
  });

  it('shows a refusal to activate a second poll', async () => {
    stubLiveApi(pollsShow(), {
      'GET /admin/shows/:id/polls': () => jsonResponse(200, { items: [buildPoll()] }),
      'PUT /admin/shows/:id/polls/:pollId/status': () =>
        refused(409, 'POLL_ALREADY_ACTIVE', 'Ya hay una encuesta activa: ciérrala primero'),
    });
    renderLivePage();
    fireEvent.click(await screen.findByRole('button', { name: /^Activar/ }));
    expect(await screen.findByText('Ya hay una encuesta activa: ciérrala primero')).toBeTruthy();
  });

  it('disables Activar, saying why, while the show’s settings turn polls off', async () => {
    const fetchMock = stubLiveApi(buildAdminShow({ status: 'LIVE' }), {
      'GET /admin/shows/:id/polls': () => jsonResponse(200, { items: [buildPoll()] }),
    });
    renderLivePage();
    const activate = await screen.findByRole('button', { name: /^Activar/ });
    expect((activate as HTMLButtonElement).disabled).toBe(true);
    expect(activate.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(pollsRegion()).getByText(
        'No disponible: las encuestas están desactivadas en la configuración del evento.',
      ),
    ).toBeTruthy();
    fireEvent.click(activate);
    expect(callsOf(fetchMock).filter((c) => c.call.startsWith('PUT'))).toEqual([]);
  });
});
