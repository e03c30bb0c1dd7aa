import { useEffect, useState } from 'react';
import { adminChatEndpoints } from '@taquilla/contract/plain';
import type { AdminChatMute } from '@taquilla/contract';
import { apiCall } from '../../api/client';
import { useApiAction } from '../../components/console/use-api-action';
import { FormAlert } from '../../components/form/form-alert';
import { liveTexts as t } from './admin-live.texts';

/**
 * The show's muted viewers (GET …/chat/mutes), read again whenever `version` changes
 * (after a mute), each with "Devolver la palabra" (DELETE …/chat/mutes/{id}).
 */
export function MutedList({ showId, version }: { showId: string; version: number }) {
  const [mutes, setMutes] = useState<AdminChatMute[] | null>(null);
  const unmute = useApiAction(adminChatEndpoints.unmuteChatViewer);

  useEffect(() => {
    const controller = new AbortController();
    apiCall(adminChatEndpoints.listChatMutes, {
      params: { id: showId },
      signal: controller.signal,
    }).then(
      (answer) => setMutes(answer.items),
      () => undefined,
    );
    return () => controller.abort();
  }, [showId, version]);

  async function giveBack(mute: AdminChatMute) {
    const answer = await unmute.run({ params: { id: showId, muteId: mute._id } });
    if (answer) setMutes((current) => current?.filter((m) => m._id !== mute._id) ?? null);
  }

  return (
    <div className="live-muted">
      <h3 className="live-muted__title">{t.chat.muted}</h3>
      {mutes !== null && mutes.length === 0 && <p className="live-note">{t.chat.noMuted}</p>}
      {mutes !== null && mutes.length > 0 && (
        <ul className="live-muted__list">
          {mutes.map((mute) => (
            <li key={mute._id}>
              <span>{mute.username}</span>
              <button
                type="button"
                className="button button--secondary live-chat__action"
                aria-label={t.chat.unmuteLabel(mute.username)}
                disabled={unmute.isBusy}
                onClick={() => void giveBack(mute)}
              >
                {t.chat.unmute}
              </button>
            </li>
          ))}
        </ul>
      )}
      {unmute.error && <FormAlert>{unmute.error}</FormAlert>}
    </div>
  );
}
