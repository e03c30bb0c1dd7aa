import { useState } from 'react';
import type { FormEvent } from 'react';
import { adminChatNotificationBodySchema } from '@taquilla/contract';
import { adminChatEndpoints } from '@taquilla/contract/plain';
import type { AdminShow, ChatMessage } from '@taquilla/contract';
import { chatStateOf } from '@taquilla/domain';
import { ConfirmDialog } from '../../components/console/confirm-dialog';
import { ConsoleSection } from '../../components/console/console-page';
import { useApiAction } from '../../components/console/use-api-action';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { liveTexts as t } from './admin-live.texts';
import { MutedList } from './muted-list';
import { useConsoleChat } from './use-console-chat';
import { issuesByField } from './zod-fields';

type Pending = { kind: 'delete' | 'mute'; message: ChatMessage };

/**
 * The chat as viewers see it, live, with the organiser's tools: a notice to everyone
 * ("Enviar aviso", highlighted in every player), and per message Eliminar and Silenciar,
 * each confirmed. The muted viewers are listed below, with the way back.
 */
export function ChatModerationPane({
  showId,
  showStatus,
  settings,
}: {
  showId: string;
  showStatus: string;
  settings: AdminShow['settings'];
}) {
  const [attempt, setAttempt] = useState(0);
  const chat = useConsoleChat(showId, `${showStatus}#${attempt}`);
  const [notice, setNotice] = useState('');
  const [noticeErrors, setNoticeErrors] = useState<Record<string, string> | null>(null);
  const [isNoticeSent, setNoticeSent] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [mutesVersion, setMutesVersion] = useState(0);
  const notify = useApiAction(adminChatEndpoints.sendChatNotification);
  const remove = useApiAction(adminChatEndpoints.deleteChatMessage);
  const mute = useApiAction(adminChatEndpoints.muteChatViewer);
  const pendingAction = pending?.kind === 'mute' ? mute : remove;
  // What would open the chat, from the status and settings (the hub's own rule).
  const chatState = chatStateOf(showStatus, settings);
  const canNotify = chatState === 'open';

  async function sendNotice(event: FormEvent) {
    event.preventDefault();
    setNoticeSent(false);
    const parsed = adminChatNotificationBodySchema.safeParse({ message: notice });
    if (!parsed.success) {
      setNoticeErrors(issuesByField(parsed.error));
      return;
    }
    setNoticeErrors(null);
    const answer = await notify.run({ params: { id: showId }, body: parsed.data });
    if (answer) {
      setNotice('');
      setNoticeSent(true);
    }
  }

  async function confirmPending() {
    if (!pending) return;
    const { kind, message } = pending;
    if (kind === 'delete') {
      const answer = await remove.run({ params: { id: showId, messageId: message._id } });
      if (!answer) return;
      chat.remove(message._id);
    } else {
      const answer = await mute.run({ params: { id: showId }, body: { message_uid: message._id } });
      if (!answer) return;
      setMutesVersion((value) => value + 1);
    }
    setPending(null);
  }

  const statusLine =
    chat.status === 'connecting'
      ? t.chat.connecting
      : chat.status === 'reconnecting'
        ? t.chat.reconnecting
        : chat.status === 'refused'
          ? t.chat.refused
          : chat.status === 'closed'
            ? t.chat.closed[chatState === 'open' ? 'closed-by-status' : chatState]
            : null;
  const shownErrors = noticeErrors ?? notify.fieldErrors;
  return (
    <ConsoleSection title={t.chat.title}>
      {statusLine && (
        <p className="live-note" role="status">
          {statusLine}
        </p>
      )}
      {/* Trying again helps only where the chat can open: not on a status or settings that keep it closed. */}
      {(chat.status === 'refused' ||
        (chat.status === 'closed' && (chatState === 'open' || chatState === 'opens-on-start'))) && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setAttempt((value) => value + 1)}
        >
          {t.chat.retry}
        </button>
      )}
      {chat.status === 'ready' && chat.messages.length === 0 && (
        <p className="console-empty">{t.chat.empty}</p>
      )}
      {chat.messages.length > 0 && (
        <ul className="live-chat" aria-label={t.chat.list}>
          {chat.messages.map((message) => (
            <li
              key={message._id}
              className={`live-chat__item${message.type === 'notification' ? ' live-chat__item--notification' : ''}`}
            >
              <p className="live-chat__text">
                <strong>
                  {message.type === 'notification' ? t.chat.notification : message.username}
                </strong>{' '}
                {message.message}
              </p>
              <div className="live-chat__actions">
                <button
                  type="button"
                  className="button button--secondary live-chat__action"
                  aria-label={t.chat.deleteLabel(message.username)}
                  onClick={() => {
                    remove.reset();
                    setPending({ kind: 'delete', message });
                  }}
                >
                  {t.chat.delete}
                </button>
                {message.type === 'message' && (
                  <button
                    type="button"
                    className="button button--secondary live-chat__action"
                    aria-label={t.chat.muteLabel(message.username)}
                    onClick={() => {
                      mute.reset();
                      setPending({ kind: 'mute', message });
                    }}
                  >
                    {t.chat.mute}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <form className="live-notice" onSubmit={sendNotice} noValidate>
        <TextField
          label={t.chat.notify}
          hint={t.chat.notifyHint}
          value={notice}
          maxLength={500}
          onChange={(e) => setNotice(e.target.value)}
          error={shownErrors.message}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={notify.isBusy || !canNotify}
          aria-describedby={canNotify ? undefined : 'live-notice-blocked'}
        >
          {notify.isBusy ? t.chat.sending : t.chat.send}
        </button>
        {!canNotify && (
          <p className="live-buttons__hint live-buttons__hint--blocked" id="live-notice-blocked">
            {t.chat.noticeBlocked}
          </p>
        )}
      </form>
      {notify.error && !notify.fieldErrors.message && <FormAlert>{notify.error}</FormAlert>}
      {isNoticeSent && <FormAlert tone="success">{t.chat.sent}</FormAlert>}
      <MutedList showId={showId} version={mutesVersion} />
      <ConfirmDialog
        isOpen={pending !== null}
        title={pending?.kind === 'mute' ? t.chat.confirmMute.title : t.chat.confirmDelete.title}
        message={
          pending?.kind === 'mute'
            ? t.chat.confirmMute.message(pending.message.username)
            : t.chat.confirmDelete.message(
                pending?.message.username ?? '',
                pending?.message.message ?? '',
              )
        }
        confirmLabel={
          pending?.kind === 'mute' ? t.chat.confirmMute.confirm : t.chat.confirmDelete.confirm
        }
        error={pending ? pendingAction.error : null}
        onClose={() => setPending(null)}
        onConfirm={confirmPending}
      />
    </ConsoleSection>
  );
}
