import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket';
import { ChatPane } from './chat-pane';
import { CHAT, SHOW_ID, buildMessage, joinedSocket, push } from './test/chat-harness';
import { useChatRoom } from './use-chat-room';

function Chat({ code = null, readOnly = false }: { code?: string | null; readOnly?: boolean }) {
  const room = useChatRoom({ showId: SHOW_ID, code });
  return <ChatPane room={room} readOnly={readOnly} />;
}

const init = (messages = [buildMessage()]) => ({
  type: 'init',
  messages,
  poll: null,
  pollAnswered: false,
});
const items = () =>
  within(screen.getByRole('region', { name: 'Chat en vivo' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const input = () => screen.getByRole('textbox', { name: 'Mensaje para el chat' });
const sendButton = () => screen.getByRole('button', { name: 'Enviar' });

describe('ChatPane (001 §2, §4)', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('joins with setChannel (the code, never a username) and shows the history, new messages once, notices highlighted', async () => {
    render(<Chat code="SALA2345" />);
    const socket = await joinedSocket(CHAT);
    expect(socket.actions('setChannel')).toEqual([
      { action: 'setChannel', channel_id: CHAT, show_uid: SHOW_ID, code: 'SALA2345' },
    ]);
    const first = buildMessage({ username: 'Ana', message: 'Hola a todos' });
    push(socket, CHAT, init([first]));
    expect(items()).toEqual([expect.stringContaining('Hola a todos')]);

    const notice = buildMessage({
      type: 'notification',
      username: 'Producciones Quetzal',
      message: 'Empezamos en 5 minutos',
    });
    push(socket, CHAT, notice);
    push(socket, CHAT, notice);
    expect(items()).toHaveLength(2);
    const highlighted = screen.getByRole('listitem', { name: 'Aviso del organizador' });
    expect(highlighted.className).toContain('chat-message--notification');
    expect(highlighted.textContent).toContain('Empezamos en 5 minutos');
  });

  it('keeps what came live ahead of init that the history does not hold, once, and a deletion that came ahead', async () => {
    render(<Chat />);
    const socket = await joinedSocket(CHAT);
    const old = buildMessage({ message: 'de antes' });
    const removed = buildMessage({ message: 'borrado' });
    const both = buildMessage({ message: 'en los dos' });
    const ahead = buildMessage({ type: 'notification', message: 'Aviso 1' });
    // The hub subscribed; one message was stored before it read the history, a notice
    // after; an organiser deleted a message; all of it delivered before the init.
    push(socket, CHAT, both);
    push(socket, CHAT, ahead);
    push(socket, CHAT, { type: 'message-deleted', _id: removed._id });
    push(socket, CHAT, init([old, removed, both]));
    expect(items()).toEqual([
      expect.stringContaining('de antes'),
      expect.stringContaining('en los dos'),
      expect.stringContaining('Aviso 1'),
    ]);
  });

  it('lets the keyboard reach and scroll the message list (a named tab stop)', async () => {
    render(<Chat />);
    const socket = await joinedSocket(CHAT);
    push(socket, CHAT, init());

    const list = screen.getByRole('list', { name: 'Mensajes del chat' });
    expect(list.tabIndex).toBe(0);
    list.focus();
    expect(document.activeElement).toBe(list);
  });

  it('removes a message an organiser deleted, at once', async () => {
    render(<Chat />);
    const socket = await joinedSocket(CHAT);
    const bad = buildMessage({ message: 'mensaje ofensivo' });
    push(socket, CHAT, init([buildMessage({ message: 'se queda' }), bad]));
    push(socket, CHAT, { type: 'message-deleted', _id: bad._id });
    expect(items()).toEqual([expect.stringContaining('se queda')]);
  });

  it('sends the trimmed text alone with sendMessage and clears the box; an empty one cannot go', async () => {
    render(<Chat />);
    const socket = await joinedSocket(CHAT);
    push(socket, CHAT, init([]));
    expect(screen.getByText('Aún no hay mensajes. ¡Saluda!')).toBeTruthy();

    fireEvent.change(input(), { target: { value: '   ' } });
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    fireEvent.change(input(), { target: { value: '  ¡Saludos desde Xela!  ' } });
    fireEvent.click(sendButton());
    expect(socket.actions('sendMessage')).toEqual([
      { action: 'sendMessage', channel_id: CHAT, data: { message: '¡Saludos desde Xela!' } },
    ]);
    expect((input() as HTMLInputElement).value).toBe('');
    expect((input() as HTMLInputElement).maxLength).toBe(500);
  });

  it('offers emojis six per row and adds the one picked to the message', async () => {
    render(<Chat />);
    const socket = await joinedSocket(CHAT);
    push(socket, CHAT, init([]));
    fireEvent.click(screen.getByRole('button', { name: 'Insertar emoji' }));
    const picker = screen.getByRole('group', { name: 'Emojis' });
    const rows = [...picker.querySelectorAll('.emoji-picker__row')];
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.map((row) => row.querySelectorAll('button').length)).toEqual(rows.map(() => 6));

    fireEvent.change(input(), { target: { value: 'Bravo ' } });
    fireEvent.click(within(picker).getByRole('button', { name: '👏' }));
    expect((input() as HTMLInputElement).value).toBe('Bravo 👏');
  });

  it('shows the hub’s refusal as it words it (a muted viewer)', async () => {
    render(<Chat />);
    const socket = await joinedSocket(CHAT);
    push(socket, CHAT, init([]));
    fireEvent.change(input(), { target: { value: 'hola' } });
    fireEvent.click(sendButton());
    act(() =>
      socket.refuse(CHAT, 'CHAT_MUTED', 'Un organizador desactivó tus mensajes en este chat.'),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Un organizador desactivó tus mensajes en este chat.',
    );
  });

  it('has no message box in read-only mode', async () => {
    render(<Chat readOnly />);
    const socket = await joinedSocket(CHAT);
    push(socket, CHAT, init());
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('El chat es solo de lectura.')).toBeTruthy();
  });

  it('says it is reconnecting when the socket drops, and joins again (a fresh history) when it is back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<Chat />);
    const first = await joinedSocket(CHAT);
    push(first, CHAT, init([buildMessage({ message: 'antes' })]));
    act(() => first.drop());
    expect(screen.getByRole('status').textContent).toBe('Reconectando…');
    expect(sendButton().hasAttribute('disabled')).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(1_100));
    const second = FakeWebSocket.latest();
    expect(second).not.toBe(first);
    await waitFor(() => expect(second.actions('setChannel')).toHaveLength(1));
    push(
      second,
      CHAT,
      init([buildMessage({ message: 'antes' }), buildMessage({ message: 'durante' })]),
    );
    expect(items()).toHaveLength(2);
    expect(screen.queryByText('Reconectando…')).toBeNull();
  });
});
