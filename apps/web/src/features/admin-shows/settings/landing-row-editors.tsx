import type { ChangeEvent } from 'react';
import { TextField } from '../../../components/form/text-field';
import { ImageUploadField } from '../editor/image-upload-field';
import type { DownloadRow, GalleryRow, PersonRow, SocialRow } from './landing.rules';
import type { RowProps } from './landing-rows';
import { TextAreaField } from './settings-inputs';
import { landingTexts } from './landing.texts';

const t = landingTexts;

/** The message for a key of a row (`label`, `url`…), as the server names it. */
type ErrorAt = (key: string) => string | undefined;

/** A row (or the album's zip) with where its changes and its messages come from. */
type Bound<T> = { item: T; onChange: (item: T) => void; errorAt: ErrorAt };

/** The keys of a row that hold a text. */
type TextKey<T> = {
  [K in keyof T]-?: NonNullable<T[K]> extends string ? K : never;
}[keyof T] &
  string;

const ADDRESS = {
  inputMode: 'url',
  spellCheck: false,
  autoCapitalize: 'none',
  maxLength: 1000,
} as const;

/**
 * The row with `key` set to `value`. A blank optional text leaves the row (the page then
 * shows nothing for it); a required one stays, blank.
 */
function withText<T extends object>(item: T, key: TextKey<T>, value: string, optional: boolean): T {
  const next = { ...item };
  if (optional && value === '') delete next[key];
  else Object.assign(next, { [key]: value });
  return next;
}

/** A text input's value, message and change for one key of the row. */
function textProps<T extends object>(
  { item, onChange, errorAt }: Bound<T>,
  key: TextKey<T>,
  optional = false,
) {
  return {
    value: (item[key] as string | undefined) ?? '',
    error: errorAt(key),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(withText(item, key, event.target.value, optional)),
  };
}

/** An uploaded landing image's address, message and change for one key of the row. */
function imageProps<T extends object>(
  { item, onChange, errorAt }: Bound<T>,
  key: TextKey<T>,
  optional = false,
) {
  return {
    field: 'landing_image',
    value: (item[key] as string | undefined) ?? null,
    error: errorAt(key),
    onChange: (value: string | null) => onChange(withText(item, key, value ?? '', optional)),
  } as const;
}

type TextProps = ReturnType<typeof textProps> & { label: string };

/** A short text and an address side by side: a social's name and link, a file's title and address. */
function TextAndAddress({
  text,
  address,
}: {
  text: TextProps & { maxLength: number };
  address: TextProps;
}) {
  return (
    <div className="field-grid">
      <TextField {...text} />
      <TextField hint={t.addressHint} {...ADDRESS} {...address} />
    </div>
  );
}

export function SocialRowEditor(row: RowProps<SocialRow> & { errorAt: ErrorAt }) {
  return (
    <TextAndAddress
      text={{ label: t.socials.label, maxLength: 60, ...textProps(row, 'label') }}
      address={{ label: t.socials.url, ...textProps(row, 'url') }}
    />
  );
}

export function GalleryRowEditor({
  showId,
  ...row
}: RowProps<GalleryRow> & { errorAt: ErrorAt; showId: string | null }) {
  return (
    <>
      <ImageUploadField
        label={t.gallery.image(row.index + 1)}
        showId={showId}
        {...imageProps(row, 'image')}
      />
      <TextField
        label={t.gallery.alt}
        hint={t.gallery.altHint}
        maxLength={200}
        {...textProps(row, 'alt')}
      />
    </>
  );
}

export function PersonRowEditor({
  showId,
  ...row
}: RowProps<PersonRow> & { errorAt: ErrorAt; showId: string | null }) {
  return (
    <>
      <div className="field-grid">
        <TextField label={t.people.name} maxLength={120} {...textProps(row, 'name')} />
        <TextField label={t.people.role} maxLength={160} {...textProps(row, 'role', true)} />
        <div className="field-grid__wide">
          <TextAreaField
            label={t.people.bio}
            rows={4}
            maxLength={4000}
            {...textProps(row, 'bio', true)}
          />
        </div>
      </div>
      <ImageUploadField
        label={t.people.photo(row.index + 1)}
        showId={showId}
        {...imageProps(row, 'photo', true)}
      />
    </>
  );
}

/** A file's download count, title and address: a row of the downloads, or the album's zip. */
export function FileFields({
  count,
  labels,
  ...file
}: Bound<DownloadRow> & { count: number | null; labels: { title: string; file: string } }) {
  return (
    <>
      {count !== null && <p className="landing-editor__count">{t.downloads.count(count)}</p>}
      <TextAndAddress
        text={{ label: labels.title, maxLength: 160, ...textProps(file, 'title') }}
        address={{ label: labels.file, ...textProps(file, 'file') }}
      />
    </>
  );
}
