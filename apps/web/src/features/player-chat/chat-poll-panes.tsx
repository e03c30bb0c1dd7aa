import { useEffect, useState } from 'react';
import type { Show } from '@taquilla/contract';
import { arePollsEnabled, isChatVisible } from '@taquilla/domain';
import { useMediaQuery } from '../../components/use-media-query';
import { ChatPane } from './chat-pane';
import { MobileChatLink } from './mobile-chat-link';
import { PollPane } from './poll-pane';
import { chatTexts as t } from './player-chat.texts';
import { useChatRoom } from './use-chat-room';
import { usePollRoom } from './use-poll-room';
import './player-chat.css';

type Pane = 'chat' | 'polls';

/**
 * A viewer watching on a computer (a mouse that hovers): the one the mobile chat link is
 * for, to chat on the phone while the video fills the big screen. On a phone or a tablet
 * the chat is already in their hand, so "Abrir el chat en tu celular" is not offered.
 */
export const SECOND_SCREEN_QUERY = '(hover: hover) and (pointer: fine)';

type ChatPollPanesProps = {
  show: Pick<Show, '_id' | 'status' | 'settings'>;
  /** The code of a no-login or password show (the playback call's `code`); null otherwise. */
  code?: string | null;
  /** A password show's guest without an account: the playback call's viewer token (0063). */
  viewerToken?: string | null;
  chatReadOnly?: boolean;
  pollReadOnly?: boolean;
  /** Offer the mobile chat link (signed-in viewers; shown on a computer only). */
  hasMobileLink?: boolean;
};

/**
 * The chat and poll panes beside the player (001 §2): two mutually exclusive toggles,
 * the chat while it is visible (001 §4: LIVE or TEST, not on demand, chat_visible) and
 * the polls while `settings.polls` is on; a new poll marks its toggle until the pane is
 * opened. Renders nothing when neither applies. The pane fills the box it is given (the
 * player's side column carries 001 §2's heights).
 */
export function ChatPollPanes({
  show,
  code = null,
  viewerToken = null,
  chatReadOnly = false,
  pollReadOnly = false,
  hasMobileLink = false,
}: ChatPollPanesProps) {
  const hasChat = isChatVisible(show.status, show.settings);
  const hasPolls = arePollsEnabled(show.settings);
  const chat = useChatRoom({ showId: show._id, code, viewerToken, enabled: hasChat });
  const polls = usePollRoom({ showId: show._id, code, viewerToken, enabled: hasPolls });
  const [chosen, setChosen] = useState<Pane>('chat');
  const isOnComputer = useMediaQuery(SECOND_SCREEN_QUERY);
  const pane: Pane = !hasChat ? 'polls' : !hasPolls ? 'chat' : chosen;
  const { hasNotification, clearNotification } = polls;

  // A poll that arrives while its pane is open is seen: nothing to mark.
  useEffect(() => {
    if (pane === 'polls' && hasNotification) clearNotification();
  }, [pane, hasNotification, clearNotification]);

  if (!hasChat && !hasPolls) return null;

  function open(next: Pane) {
    setChosen(next);
    if (next === 'polls') polls.clearNotification();
  }

  return (
    <div className="chat-poll-panes">
      {hasChat && hasPolls && (
        <div className="chat-poll-panes__toggles" role="group" aria-label={t.panes.label}>
          {(['chat', 'polls'] as const).map((name) => (
            <button
              key={name}
              type="button"
              className="chat-poll-panes__toggle"
              aria-pressed={pane === name}
              onClick={() => open(name)}
            >
              {name === 'chat' ? t.panes.chat : t.panes.polls}
              {name === 'polls' && polls.hasNotification && pane !== 'polls' && (
                <span className="chat-poll-panes__badge">
                  <span className="visually-hidden">{t.panes.newPoll}</span>
                </span>
              )}
            </button>
          ))}
        </div>
      )}
      <div className="chat-poll-panes__body">
        {pane === 'chat' ? (
          <ChatPane room={chat} readOnly={chatReadOnly} />
        ) : (
          <PollPane room={polls} readOnly={pollReadOnly} />
        )}
      </div>
      {hasMobileLink && isOnComputer && hasChat && pane === 'chat' && (
        <MobileChatLink showId={show._id} code={code} />
      )}
    </div>
  );
}
