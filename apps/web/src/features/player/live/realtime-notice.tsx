import { playerTexts as t } from '../player.texts';
import type { RealtimeState } from './use-live-show';

/**
 * The live connection's notice above the player: the session-ended text (the
 * server's 4401 reason, decision 0052) while the session is gone, else the server's
 * reason for closing it for a limit (4429, 4430; decision 0063) with the promise of a
 * retry, else "Reconectando…" while the connection is down, else nothing.
 */
export function RealtimeNotice({
  realtime,
  sessionEnded,
  limited = null,
}: {
  realtime: RealtimeState;
  sessionEnded: string | null;
  limited?: string | null;
}) {
  if (sessionEnded) {
    return (
      <p className="player-notice player-notice--warning" role="alert">
        <strong>{sessionEnded}</strong>
      </p>
    );
  }
  if (limited && realtime === 'reconnecting') {
    return (
      <p className="player-notice player-notice--warning" role="alert">
        <strong>{limited}</strong> {t.realtime.limitedHint}
      </p>
    );
  }
  if (realtime !== 'reconnecting') return null;
  return (
    <p className="player-notice player-notice--warning" role="status">
      <strong>{t.realtime.reconnecting}</strong> {t.realtime.reconnectingHint}
    </p>
  );
}
