import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH } from '@taquilla/domain';
import { EmojiPicker } from './emoji-picker';
import { chatTexts as t } from './player-chat.texts';
import type { ChatRoom } from './use-chat-room';
import './player-chat.css';

type ChatPaneProps = {
  room: ChatRoom;
  /** 001 §2 read-only mode: the messages without the input. */
  readOnly?: boolean;
  /** A fixed height in px (001 §2 chat heights, `chatHeight`); without it the pane fills its box. */
  height?: number;
};

const timeFormat = new Intl.DateTimeFormat('es-GT', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/Guatemala',
});

/**
 * The chat beside the player (001 §2, §4): messages oldest first, an organiser's
 * notifications highlighted, the message box with its emoji picker (6 per row), and the
 * hub's refusals (muted, too fast, closed) as it words them. The box keeps the text when
 * the message could not go.
 */
export function ChatPane({ room, readOnly = false, height }: ChatPaneProps) {
  const [draft, setDraft] = useState('');
  const [isPickerOpen, setIsPickerOpen] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const lastId = room.messages.at(-1)?._id;

  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lastId]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (room.send(draft)) {
      setDraft('');
      setIsPickerOpen(false);
    }
  }

  const canWrite = !readOnly && room.status === 'ready';
  return (
    <section
      className="chat-pane"
      aria-label={t.chat.title}
      style={height === undefined ? undefined : { height }}
    >
      {room.status === 'connecting' && (
        <p className="chat-pane__status" role="status">
          {t.chat.connecting}
        </p>
      )}
      {room.status === 'reconnecting' && (
        <p className="chat-pane__status chat-pane__status--warning" role="status">
          {t.chat.reconnecting}
        </p>
      )}
      {/* A tab stop of its own: with only text inside, a keyboard could not scroll it. */}
      <ol
        className="chat-pane__messages"
        ref={list}
        aria-live="polite"
        aria-label={t.chat.messagesLabel}
        tabIndex={0}
      >
        {room.status === 'ready' && room.messages.length === 0 && (
          <li className="chat-pane__empty">{t.chat.empty}</li>
        )}
        {room.messages.map((message) => (
          <li
            key={message._id}
            className={`chat-message chat-message--${message.type}`}
            aria-label={message.type === 'notification' ? t.chat.notice : undefined}
          >
            <span className="chat-message__author">{message.username}</span>{' '}
            <time className="chat-message__time" dateTime={message.time}>
              {timeFormat.format(new Date(message.time))}
            </time>
            <p className="chat-message__text">{message.message}</p>
          </li>
        ))}
      </ol>
      {room.notice && (
        <p className="chat-pane__notice" role="alert">
          {room.notice}
        </p>
      )}
      {readOnly ? (
        <p className="chat-pane__read-only">{t.chat.readOnly}</p>
      ) : (
        <form className="chat-pane__form" onSubmit={onSubmit}>
          {isPickerOpen && (
            <EmojiPicker
              onPick={(emoji) => {
                setDraft((current) => `${current}${emoji}`);
                input.current?.focus();
              }}
            />
          )}
          <div className="chat-pane__row">
            <button
              type="button"
              className="chat-pane__emoji-toggle"
              aria-expanded={isPickerOpen}
              aria-label={isPickerOpen ? t.chat.emojiClose : t.chat.emojiOpen}
              onClick={() => setIsPickerOpen((open) => !open)}
            >
              😊
            </button>
            <input
              ref={input}
              className="chat-pane__input"
              aria-label={t.chat.inputLabel}
              placeholder={t.chat.placeholder}
              value={draft}
              maxLength={CHAT_MESSAGE_MAX_LENGTH}
              disabled={!canWrite}
              onChange={(event) => setDraft(event.target.value)}
            />
            <button
              type="submit"
              className="button button--primary chat-pane__send"
              disabled={!canWrite || draft.trim() === ''}
            >
              {t.chat.send}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
