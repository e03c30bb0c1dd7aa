import { useState } from 'react';
import type { FormEvent } from 'react';
import { adminShowEventBodySchema } from '@taquilla/contract';
import type { AdminShowEventBody } from '@taquilla/contract';
import { TextField } from '../../components/form/text-field';
import { liveTexts as t } from './admin-live.texts';
import { issuesByField } from './zod-fields';

type CurtainType = 'static' | 'video';

/**
 * The curtain's content (001 §2 "Curtain screen"): a message card (a main line and an
 * optional second one) or a video played in a loop. Checked by the contract's schema
 * before it goes; the server's 422 messages show beside the same fields.
 */
export function CurtainForm({
  isBusy,
  serverErrors,
  onSend,
  onCancel,
}: {
  isBusy: boolean;
  serverErrors: Readonly<Record<string, string>>;
  onSend: (body: AdminShowEventBody) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [type, setType] = useState<CurtainType>('static');
  const [message1, setMessage1] = useState('');
  const [message2, setMessage2] = useState('');
  const [videoUrl, setVideoUrl] = useState('');
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const shown = errors ?? serverErrors;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const metadata =
      type === 'static'
        ? { type, message1, ...(message2.trim() ? { message2 } : {}) }
        : { type, video_url: videoUrl };
    const parsed = adminShowEventBodySchema.safeParse({ status: 'curtain', metadata });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    setErrors(null);
    if (await onSend(parsed.data)) {
      setMessage1('');
      setMessage2('');
      setVideoUrl('');
    }
  }

  return (
    <form className="live-curtain" aria-label={t.curtain.title} onSubmit={submit} noValidate>
      <fieldset className="live-curtain__type">
        <legend>{t.curtain.type}</legend>
        {(['static', 'video'] as const).map((value) => (
          <label key={value} className="live-curtain__choice">
            <input
              type="radio"
              name="curtain-type"
              value={value}
              checked={type === value}
              onChange={() => setType(value)}
            />
            {t.curtain[value]}
          </label>
        ))}
      </fieldset>
      {type === 'static' ? (
        <>
          <TextField
            label={t.curtain.message1}
            value={message1}
            maxLength={200}
            onChange={(e) => setMessage1(e.target.value)}
            error={shown['metadata.message1'] ?? shown.metadata}
          />
          <TextField
            label={t.curtain.message2}
            value={message2}
            maxLength={500}
            onChange={(e) => setMessage2(e.target.value)}
            error={shown['metadata.message2']}
          />
        </>
      ) : (
        <TextField
          label={t.curtain.videoUrl}
          hint={t.curtain.videoUrlHint}
          value={videoUrl}
          inputMode="url"
          onChange={(e) => setVideoUrl(e.target.value)}
          error={shown['metadata.video_url'] ?? shown.metadata}
        />
      )}
      <div className="live-curtain__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t.curtain.cancel}
        </button>
        <button type="submit" className="button button--primary" disabled={isBusy}>
          {t.curtain.send}
        </button>
      </div>
    </form>
  );
}
