import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket';
import { SingleDeviceGuard } from './second-device-screen';
import { SHOW_ID, push } from './test/chat-harness';

const DEVICE = `show-access/${SHOW_ID}/codes/ABC123`;
const REPLACED_TITLE =
  'Hemos detectado que has ingresado a este contenido desde otro dispositivo o navegador.';
const REPLACED_TEXT =
  'Asegúrate de ingresar solamente en un navegador y en un dispositivo a la vez. Recarga la página para cargar el contenido de nuevo.';

function Player() {
  return (
    <SingleDeviceGuard showId={SHOW_ID} code="ABC123">
      {(token) => <p>Reproduciendo con {token ?? 'sin token'}</p>}
    </SingleDeviceGuard>
  );
}

async function enteredSocket(): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.latest().channels()).toEqual([DEVICE]));
  return FakeWebSocket.latest();
}

describe('one device per code: useSingleDevice and SecondDeviceScreen (001 §2, §4)', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('enters on the code’s device channel and hands the player its token', async () => {
    render(<Player />);
    const socket = await enteredSocket();
    expect(socket.actions('subscribe')).toEqual([{ action: 'subscribe', channel: DEVICE }]);
    push(socket, DEVICE, { type: 'device', token: '7.abc' });
    expect(screen.getByText('Reproduciendo con 7.abc')).toBeTruthy();
  });

  it('replaces the player with the second-device screen at once and stops listening', async () => {
    render(<Player />);
    const socket = await enteredSocket();
    push(socket, DEVICE, { type: 'device', token: '7.abc' });
    push(socket, DEVICE, {
      type: 'device-replaced',
      message: REPLACED_TITLE,
    });
    expect(screen.queryByText(/Reproduciendo/)).toBeNull();
    const screenAlert = screen.getByRole('alert');
    expect(screenAlert.textContent).toContain(REPLACED_TITLE);
    expect(screenAlert.textContent).toContain(REPLACED_TEXT);
    expect(screen.getByRole('button', { name: 'Recargar la página' })).toBeTruthy();
    expect(socket.actions('unsubscribe')).toEqual([{ action: 'unsubscribe', channel: DEVICE }]);
  });

  it('shows the second-device screen when a login of the same account elsewhere closes the socket (4409)', async () => {
    render(<Player />);
    const socket = await enteredSocket();
    push(socket, DEVICE, { type: 'device', token: '7.abc' });
    act(() => socket.closeWith(4409, 'Ingresaste desde otro dispositivo o navegador'));
    await waitFor(() => expect(screen.queryByText(/Reproduciendo/)).toBeNull());
    expect(screen.getByRole('alert').textContent).toContain(REPLACED_TITLE);
  });

  it('keeps the player when a logout or reset closes the socket (4401): that is not a second device', async () => {
    render(<Player />);
    const socket = await enteredSocket();
    push(socket, DEVICE, { type: 'device', token: '7.abc' });
    act(() => socket.closeWith(4401, 'Tu sesión terminó; vuelve a ingresar'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Reproduciendo con 7.abc')).toBeTruthy();
    expect(screen.queryByText(REPLACED_TITLE)).toBeNull();
  });

  it('resumes with its token after a reconnection instead of entering again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<Player />);
    const first = await enteredSocket();
    push(first, DEVICE, { type: 'device', token: '7.abc' });
    act(() => first.drop());
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    const second = FakeWebSocket.latest();
    expect(second).not.toBe(first);
    await waitFor(() =>
      expect(second.actions('subscribe')).toEqual([
        { action: 'subscribe', channel: DEVICE, device: '7.abc' },
      ]),
    );
  });

  it('reports presence every 180000 ms while it holds the code (001 §7)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<Player />);
    const socket = await enteredSocket();
    push(socket, DEVICE, { type: 'device', token: '7.abc' });
    await act(() => vi.advanceTimersByTimeAsync(179_000));
    expect(socket.actions('sendPresence')).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(socket.actions('sendPresence')).toEqual([
      { action: 'sendPresence', channel_id: DEVICE },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(180_000));
    expect(socket.actions('sendPresence')).toHaveLength(2);
  });
});
