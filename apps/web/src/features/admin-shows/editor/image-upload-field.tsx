import { useId, useState } from 'react';
import type { ShowImageField } from '@taquilla/contract';
import { TextField } from '../../../components/form/text-field';
import { isApiError } from '../../../api/client';
import { adminShowsTexts } from '../admin-shows.texts';
import { SHOW_IMAGE_ACCEPT, SHOW_IMAGE_MAX_BYTES, uploadShowImage } from '../upload-show-image';

const t = adminShowsTexts.images;

/**
 * One image of the show: its preview, its address (typed or pasted) and a file picker
 * that uploads to storage (POST /admin/shows/{id}/images) and puts the answer's public
 * address in the field; saving the show publishes it. A new show has no id yet: only
 * an address can be given until it is created.
 */
export function ImageUploadField({
  label,
  field,
  showId,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  field: ShowImageField;
  showId: string | null;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const pickerId = useId();
  const [isBusy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'error' | 'done'; text: string } | null>(null);
  const address = value ?? '';

  async function upload(file: File) {
    if (!showId) return;
    if (!SHOW_IMAGE_ACCEPT.split(',').includes(file.type)) {
      setNotice({ tone: 'error', text: t.wrongType });
      return;
    }
    if (file.size > SHOW_IMAGE_MAX_BYTES) {
      setNotice({ tone: 'error', text: t.tooLarge });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const image = await uploadShowImage(showId, field, file);
      onChange(image.url);
      setNotice({ tone: 'done', text: t.uploaded(label) });
    } catch (cause) {
      setNotice({ tone: 'error', text: isApiError(cause) ? cause.message : t.wrongType });
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="show-image" disabled={disabled || isBusy}>
      <legend className="show-image__legend">{label}</legend>
      {address.trim() !== '' ? (
        <img className="show-image__preview" src={address.trim()} alt={t.preview(label)} />
      ) : (
        <p className="show-image__empty">{t.none}</p>
      )}
      <TextField
        label={t.address(label)}
        value={address}
        inputMode="url"
        spellCheck={false}
        autoCapitalize="none"
        maxLength={2000}
        error={error}
        hint={showId ? undefined : t.afterCreate}
        onChange={(event) => onChange(event.target.value.trim() === '' ? null : event.target.value)}
      />
      <div className="show-image__actions">
        {showId && (
          <label className="button button--secondary show-image__pick" htmlFor={pickerId}>
            {isBusy ? t.uploading : t.pick(label)}
            <input
              id={pickerId}
              className="visually-hidden"
              type="file"
              accept={SHOW_IMAGE_ACCEPT}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void upload(file);
              }}
            />
          </label>
        )}
        {address !== '' && (
          <button type="button" className="button button--secondary" onClick={() => onChange(null)}>
            {t.remove(label)}
          </button>
        )}
      </div>
      <p
        className={`show-image__notice${notice?.tone === 'error' ? ' field__error' : ''}`}
        role="status"
      >
        {notice?.text}
      </p>
    </fieldset>
  );
}
