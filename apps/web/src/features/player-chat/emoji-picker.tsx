import { chatTexts as t } from './player-chat.texts';

/** 001 §2: the chat's emoji picker shows 6 per row. */
export const EMOJIS_PER_ROW = 6;

const EMOJIS = [
  '😀',
  '😂',
  '😍',
  '🥰',
  '😎',
  '🤩',
  '😮',
  '😢',
  '🙌',
  '👏',
  '👍',
  '🙏',
  '🔥',
  '🎉',
  '🎶',
  '🎤',
  '🎸',
  '🥁',
  '❤️',
  '💙',
  '💛',
  '🇬🇹',
  '✨',
  '🌋',
] as const;

const ROWS = Array.from({ length: Math.ceil(EMOJIS.length / EMOJIS_PER_ROW) }, (_, row) =>
  EMOJIS.slice(row * EMOJIS_PER_ROW, (row + 1) * EMOJIS_PER_ROW),
);

/** A small grid of emojis, six per row; picking one hands it to the message box. */
export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <div className="emoji-picker" role="group" aria-label={t.chat.emojiLabel}>
      {ROWS.map((row) => (
        <div className="emoji-picker__row" key={row.join('')}>
          {row.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className="emoji-picker__emoji"
              aria-label={emoji}
              onClick={() => onPick(emoji)}
            >
              {emoji}
            </button>
          ))}
        </div>
      ))}
    </div>
  );
}
