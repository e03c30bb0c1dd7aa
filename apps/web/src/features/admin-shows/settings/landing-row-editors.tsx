import { TextField } from '../../../components/form/text-field';
import { ImageUploadField } from '../editor/image-upload-field';
import type { DownloadRow, GalleryRow, PersonRow, SocialRow } from './landing.rules';
import type { RowProps } from './landing-rows';
import { TextAreaField } from './settings-inputs';
import { landingTexts } from './landing.texts';

const t = landingTexts;

/** The message for a key of a row (`label`, `url`…), as the server names it. */
type ErrorAt = (key: string) => string | undefined;

const ADDRESS = {
  inputMode: 'url',
  spellCheck: false,
  autoCapitalize: 'none',
  maxLength: 1000,
} as const;

/** A blank optional text leaves the row (the page then shows nothing for it). */
function withOptional<T extends object, K extends keyof T>(row: T, key: K, value: string): T {
  const next = { ...row };
  if (value === '') delete next[key];
  else Object.assign(next, { [key]: value });
  return next;
}

export function SocialRowEditor({
  item,
  index,
  onChange,
  boxRef,
  actions,
  errorAt,
}: RowProps<SocialRow> & { errorAt: ErrorAt }) {
  return (
    <fieldset className="settings-row__box" ref={boxRef}>
      <legend className="settings-row__legend">{t.socials.item(index + 1)}</legend>
      <div className="field-grid">
        <TextField
          label={t.socials.label}
          value={item.label}
          maxLength={60}
          error={errorAt('label')}
          onChange={(event) => onChange({ ...item, label: event.target.value })}
        />
        <TextField
          label={t.socials.url}
          value={item.url}
          hint={t.addressHint}
          error={errorAt('url')}
          {...ADDRESS}
          onChange={(event) => onChange({ ...item, url: event.target.value })}
        />
      </div>
      {actions}
    </fieldset>
  );
}

export function GalleryRowEditor({
  item,
  index,
  onChange,
  boxRef,
  actions,
  errorAt,
  showId,
}: RowProps<GalleryRow> & { errorAt: ErrorAt; showId: string | null }) {
  return (
    <fieldset className="settings-row__box" ref={boxRef}>
      <legend className="settings-row__legend">{t.gallery.item(index + 1)}</legend>
      <ImageUploadField
        label={t.gallery.image(index + 1)}
        field="landing_image"
        showId={showId}
        value={item.image}
        error={errorAt('image')}
        onChange={(image) => onChange({ ...item, image: image ?? '' })}
      />
      <TextField
        label={t.gallery.alt}
        value={item.alt}
        hint={t.gallery.altHint}
        maxLength={200}
        error={errorAt('alt')}
        onChange={(event) => onChange({ ...item, alt: event.target.value })}
      />
      {actions}
    </fieldset>
  );
}

export function PersonRowEditor({
  item,
  index,
  onChange,
  boxRef,
  actions,
  errorAt,
  showId,
}: RowProps<PersonRow> & { errorAt: ErrorAt; showId: string | null }) {
  return (
    <fieldset className="settings-row__box" ref={boxRef}>
      <legend className="settings-row__legend">{t.people.item(index + 1)}</legend>
      <div className="field-grid">
        <TextField
          label={t.people.name}
          value={item.name}
          maxLength={120}
          error={errorAt('name')}
          onChange={(event) => onChange({ ...item, name: event.target.value })}
        />
        <TextField
          label={t.people.role}
          value={item.role ?? ''}
          maxLength={160}
          error={errorAt('role')}
          onChange={(event) => onChange(withOptional(item, 'role', event.target.value))}
        />
        <div className="field-grid__wide">
          <TextAreaField
            label={t.people.bio}
            value={item.bio ?? ''}
            rows={4}
            maxLength={4000}
            error={errorAt('bio')}
            onChange={(event) => onChange(withOptional(item, 'bio', event.target.value))}
          />
        </div>
      </div>
      <ImageUploadField
        label={t.people.photo(index + 1)}
        field="landing_image"
        showId={showId}
        value={item.photo ?? null}
        error={errorAt('photo')}
        onChange={(photo) => onChange(withOptional(item, 'photo', photo ?? ''))}
      />
      {actions}
    </fieldset>
  );
}

export function DownloadRowEditor({
  item,
  index,
  onChange,
  boxRef,
  actions,
  errorAt,
  count,
}: RowProps<DownloadRow> & { errorAt: ErrorAt; count: number | null }) {
  return (
    <fieldset className="settings-row__box" ref={boxRef}>
      <legend className="settings-row__legend">{t.downloads.item(index + 1)}</legend>
      {count !== null && <p className="landing-editor__count">{t.downloads.count(count)}</p>}
      <div className="field-grid">
        <TextField
          label={t.downloads.title}
          value={item.title}
          maxLength={160}
          error={errorAt('title')}
          onChange={(event) => onChange({ ...item, title: event.target.value })}
        />
        <TextField
          label={t.downloads.file}
          value={item.file}
          hint={t.addressHint}
          error={errorAt('file')}
          {...ADDRESS}
          onChange={(event) => onChange({ ...item, file: event.target.value })}
        />
      </div>
      {actions}
    </fieldset>
  );
}
