import { useState } from 'react';
import type { FormEvent } from 'react';
import { adminPollCreateSchema } from '@taquilla/contract';
import { adminPollEndpoints } from '@taquilla/contract/plain';
import type { Poll } from '@taquilla/contract';
import { POLL_MAX_OPTIONS, POLL_MIN_OPTIONS } from '@taquilla/domain';
import { useApiAction } from '../../components/console/use-api-action';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { liveTexts as t } from './admin-live.texts';
import { issuesByField } from './zod-fields';

const EMPTY_OPTIONS = (): string[] => Array.from({ length: POLL_MIN_OPTIONS }, () => '');

/**
 * A new poll: its question and 2 to 10 options, checked by the contract's schema; the
 * API keeps it as a draft (POST /admin/shows/{id}/polls) until it is activated.
 */
export function PollCreateForm({
  showId,
  onCreated,
}: {
  showId: string;
  onCreated: (poll: Poll) => void;
}) {
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState<string[]>(EMPTY_OPTIONS);
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const [isCreated, setCreated] = useState(false);
  const create = useApiAction(adminPollEndpoints.createPoll);
  const shown = errors ?? create.fieldErrors;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setCreated(false);
    const parsed = adminPollCreateSchema.safeParse({ question, options });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    setErrors(null);
    const poll = await create.run({ params: { id: showId }, body: parsed.data });
    if (!poll) return;
    onCreated(poll);
    setQuestion('');
    setOptions(EMPTY_OPTIONS());
    setCreated(true);
  }

  const setOption = (index: number, value: string) =>
    setOptions((current) => current.map((option, i) => (i === index ? value : option)));

  return (
    <form className="live-poll-form" aria-label={t.polls.create} onSubmit={submit} noValidate>
      <h3 className="live-poll-form__title">{t.polls.create}</h3>
      <TextField
        label={t.polls.question}
        value={question}
        maxLength={300}
        onChange={(e) => setQuestion(e.target.value)}
        error={shown.question}
      />
      {options.map((option, index) => (
        <div className="live-poll-form__option" key={index}>
          <TextField
            label={t.polls.option(index + 1)}
            value={option}
            maxLength={200}
            onChange={(e) => setOption(index, e.target.value)}
            error={shown[`options.${index}`]}
          />
          {options.length > POLL_MIN_OPTIONS && (
            <button
              type="button"
              className="button button--secondary live-chat__action"
              aria-label={t.polls.removeOption(index + 1)}
              onClick={() => setOptions((current) => current.filter((_, i) => i !== index))}
            >
              ×
            </button>
          )}
        </div>
      ))}
      {shown.options && <FormAlert>{shown.options}</FormAlert>}
      <div className="live-poll-form__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={options.length >= POLL_MAX_OPTIONS}
          onClick={() => setOptions((current) => [...current, ''])}
        >
          {t.polls.addOption}
        </button>
        <button type="submit" className="button button--primary" disabled={create.isBusy}>
          {create.isBusy ? t.polls.saving : t.polls.save}
        </button>
      </div>
      {create.error && Object.keys(create.fieldErrors).length === 0 && (
        <FormAlert>{create.error}</FormAlert>
      )}
      {isCreated && <FormAlert tone="success">{t.polls.created}</FormAlert>}
    </form>
  );
}
