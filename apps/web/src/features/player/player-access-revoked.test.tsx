import { act, screen, waitFor } from '@testing-library/react';
import { ACCESS_REVOKED_MESSAGES } from '@taquilla/contract';
import { ERRORS, REALTIME_ACCESS_REVOKED } from '@taquilla/contract/plain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket';
import {
  SHOW_ID,
  findVideo,
  forgetGeo,
  openPlayer,
  refusal,
  stubPlayerApi,
} from './test/player-harness';

const CHANNEL = `show-events/${SHOW_ID}`;
const REFUNDED = ACCESS_REVOKED_MESSAGES.REFUND;

/** The stage's alert that says the access was revoked, with the server's reason. */
const revokedAlert = () =>
  screen.queryAllByRole('alert').find((alert) => alert.textContent?.includes('Acceso anulado')) ??
  null;

/**
 * Decision 0064: when the order of the ticket a viewer watches with is cancelled or
 * refunded, the server closes the socket with 4403 and refuses the playback call with
 * 403 ACCESS_REVOKED. The player stops the video and says why, instead of
 * "Reconectando…" or a redirect.
 */
describe('player when the ticket’s order is cancelled or refunded', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });

  afterEach(() => {
    forgetGeo();
    vi.unstubAllGlobals();
  });

  it('stops the video and shows the reason when the server closes the socket with 4403', async () => {
    stubPlayerApi();
    openPlayer();
    await findVideo();
    await waitFor(() => expect(FakeWebSocket.latest().channels()).toContain(CHANNEL));
    const socket = FakeWebSocket.latest();

    act(() => socket.closeWith(REALTIME_ACCESS_REVOKED.code, REFUNDED));

    await waitFor(() => expect(revokedAlert()?.textContent).toContain(REFUNDED));
    expect(screen.queryByLabelText('Atardecer en Atitlán', { selector: 'video' })).toBeNull();
    expect(screen.queryByText('Reconectando…')).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Ver la página del evento' }).getAttribute('href'),
    ).toBe(`/shows/${SHOW_ID}`);
  });

  it('says why, on the player, when the playback call answers 403 ACCESS_REVOKED', async () => {
    const api = stubPlayerApi({
      playback: refusal('ACCESS_REVOKED', ACCESS_REVOKED_MESSAGES.CANCELLED),
    });
    const router = openPlayer();

    await waitFor(() =>
      expect(revokedAlert()?.textContent).toContain(ACCESS_REVOKED_MESSAGES.CANCELLED),
    );
    expect(router.state.location.pathname).toBe(`/shows/${SHOW_ID}/player`);
    expect(screen.queryByLabelText('Atardecer en Atitlán', { selector: 'video' })).toBeNull();
    expect(api.playbackQueries()).toEqual(['']);
  });

  it('shows the text that fits both when the close gives no reason', async () => {
    stubPlayerApi();
    openPlayer();
    await findVideo();
    await waitFor(() => expect(FakeWebSocket.latest().channels()).toContain(CHANNEL));

    act(() => FakeWebSocket.latest().closeWith(REALTIME_ACCESS_REVOKED.code, ''));

    await waitFor(() =>
      expect(revokedAlert()?.textContent).toContain(ERRORS.ACCESS_REVOKED.message),
    );
  });
});
