import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatPollPercent } from '@taquilla/domain';
import { chatTexts as t } from './player-chat.texts';
import type { PollRoom } from './use-poll-room';
import './player-chat.css';

type PollPaneProps = {
  room: PollRoom;
  /** 001 §2 read-only mode: the question and results, no answering. */
  readOnly?: boolean;
};

/**
 * The poll pane (001 §2, §4): with no active poll, 001 §8's text; an active poll shows
 * its question and options until this viewer answers, then its results, each with its
 * count and percent to two decimals, as they change.
 */
export function PollPane({ room, readOnly = false }: PollPaneProps) {
  const [choice, setChoice] = useState<string | null>(null);
  const { poll } = room;

  if (!poll) {
    return (
      <section className="poll-pane" aria-label={t.polls.title}>
        <p className="poll-pane__none">{t.polls.none}</p>
      </section>
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (choice) room.answer(choice);
  }

  const showsResults = room.hasAnswered || readOnly;
  return (
    <section className="poll-pane" aria-label={t.polls.title}>
      <h2 className="poll-pane__question">{poll.question}</h2>
      {room.notice && (
        <p className="poll-pane__notice" role="alert">
          {room.notice}
        </p>
      )}
      {showsResults ? (
        <>
          {room.hasAnswered && <p className="poll-pane__thanks">{t.polls.answered}</p>}
          <ul className="poll-results" aria-label={t.polls.results}>
            {poll.results.map((result) => (
              <li key={result.id} className="poll-results__item">
                <span className="poll-results__text">{result.text}</span>
                <span className="poll-results__numbers">
                  {t.polls.votes(result.count)} · {formatPollPercent(result.percent)}
                </span>
                <span className="poll-results__bar" aria-hidden="true">
                  <span style={{ width: `${result.percent}%` }} />
                </span>
              </li>
            ))}
          </ul>
          <p className="poll-pane__total">{t.polls.total(poll.total)}</p>
          {readOnly && !room.hasAnswered && (
            <p className="poll-pane__read-only">{t.polls.readOnly}</p>
          )}
        </>
      ) : (
        <form className="poll-pane__form" onSubmit={onSubmit}>
          <fieldset className="poll-pane__options">
            <legend className="visually-hidden">{poll.question}</legend>
            {poll.options.map((option) => (
              <label key={option._id} className="poll-pane__option">
                <input
                  type="radio"
                  name={`poll-${poll._id}`}
                  value={option._id}
                  checked={choice === option._id}
                  onChange={() => setChoice(option._id)}
                />
                {option.text}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button button--primary" disabled={choice === null}>
            {t.polls.vote}
          </button>
        </form>
      )}
    </section>
  );
}
