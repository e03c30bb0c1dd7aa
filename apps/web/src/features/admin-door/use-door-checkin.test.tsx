import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOf, error } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';
import { SHOW_ID, buildCheckin, stubDoor } from './door-fixtures';
import { SAME_CODE_WINDOW_MS, useDoorCheckin } from './use-door-checkin';

const posts = (fetchMock: ReturnType<typeof stubDoor>) =>
  callsOf(fetchMock)
    .filter((c) => c.call === 'POST /admin/checkin')
    .map((c) => (c.body as { code: string }).code);

function renderDoor() {
  const onAdmitted = vi.fn();
  const hook = renderHook(() => useDoorCheckin(SHOW_ID, onAdmitted));
  return { hook, onAdmitted };
}

describe('camera reads at the door', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a QR held in front of the camera once, however many frames read it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T01:42:00.000Z'));
    const fetchMock = stubDoor(() => jsonResponse(200, buildCheckin()));
    const { hook, onAdmitted } = renderDoor();

    act(() => hook.result.current.scanned('AB2CDE'));
    await waitFor(() => expect(hook.result.current.result?.value.kind).toBe('admitted'));
    expect(onAdmitted).toHaveBeenCalledTimes(1);
    // Still held up: a frame every 200 ms for 10 s, each within 3 s of the last.
    for (let frame = 1; frame <= 50; frame += 1) {
      vi.setSystemTime(new Date(Date.now() + 200));
      act(() => hook.result.current.scanned('ab2cde'));
    }
    expect(posts(fetchMock)).toEqual(['AB2CDE']);

    // Taken away and shown again after the window: it is sent (and refused by the server).
    vi.setSystemTime(new Date(Date.now() + SAME_CODE_WINDOW_MS + 1));
    act(() => hook.result.current.scanned('AB2CDE'));
    await waitFor(() => expect(posts(fetchMock)).toEqual(['AB2CDE', 'AB2CDE']));
  });

  it('sends another code at once, and skips frames while an answer is awaited', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubDoor(() => error(404, 'TICKET_CODE_UNKNOWN', 'Código desconocido'));
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { hook } = renderDoor();

    act(() => hook.result.current.scanned('AB2CDE'));
    await waitFor(() => expect(hook.result.current.isBusy).toBe(true));
    act(() => hook.result.current.scanned('XY3ZKP'));
    await act(async () => answer(jsonResponse(200, buildCheckin())));
    await waitFor(() => expect(hook.result.current.isBusy).toBe(false));
    act(() => hook.result.current.scanned('XY3ZKP'));

    await waitFor(() =>
      expect(hook.result.current.result?.value).toMatchObject({
        kind: 'refused',
        code: 'XY3ZKP',
        message: 'Código desconocido',
      }),
    );
    expect(posts(fetchMock)).toEqual(['AB2CDE', 'XY3ZKP']);
  });

  it('refuses a QR that holds no ticket code without asking the server', () => {
    const fetchMock = stubDoor(() => jsonResponse(200, buildCheckin()));
    const { hook } = renderDoor();

    act(() => hook.result.current.scanned('https://example.com/promo'));

    expect(hook.result.current.result?.value).toMatchObject({
      kind: 'refused',
      message: 'Este QR no es un boleto',
    });
    expect(posts(fetchMock)).toEqual([]);
  });

  it('says so when the server cannot be reached', async () => {
    stubDoor(() => {
      throw new TypeError('Failed to fetch');
    });
    const { hook } = renderDoor();

    await act(() => hook.result.current.submit('AB2CDE'));

    expect(hook.result.current.result?.value).toMatchObject({
      kind: 'refused',
      message: 'Sin conexión con el servidor: intenta de nuevo.',
    });
  });
});
