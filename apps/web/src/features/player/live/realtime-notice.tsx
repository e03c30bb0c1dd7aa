import { playerTexts as t } from '../player.texts';
import type { RealtimeState } from './use-live-show';

/**
 * The live connection's notice above the player: the session-ended text (the
 * server's 4401 reason, decision 0052) while the session is gone, else
 * "Reconectando…" while the connection is down, else nothing.
 */
export function RealtimeNotice({
  realtime,
  sessionEnded,
}: {
  realtime: RealtimeState;
  sessionEnded: string | null;
}) {
  if (sessionEnded) {
    return (
      <p className="player-notice player-notice--warning" role="alert">
        <strong>{sessionEnded}</strong>
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
