import { adminShowsTexts } from '../admin-shows.texts';
import type { EditorGroupProps } from '../show-draft';
import { ImageUploadField } from './image-upload-field';

const t = adminShowsTexts.images;

/**
 * The show's own images: the main image (000 §3 `main_image`, the catalogue and the
 * show page) and the film page's poster (002 §3 `settings.poster_image`). The channel
 * header images are in the player group.
 */
export function ImagesGroup({
  showId,
  fields,
  onFieldsChange,
  settings,
  onChange,
  errors,
  disabled,
}: EditorGroupProps & { showId: string | null }) {
  return (
    <div className="settings-group">
      <p className="settings-group__note">{t.intro}</p>
      <div className="show-images">
        <ImageUploadField
          label={t.mainImage}
          field="main_image"
          showId={showId}
          value={fields.main_image}
          error={errors.main_image}
          disabled={disabled}
          onChange={(main_image) => onFieldsChange({ main_image })}
        />
        <ImageUploadField
          label={t.posterImage}
          field="poster_image"
          showId={showId}
          value={typeof settings.poster_image === 'string' ? settings.poster_image : null}
          error={errors['settings.poster_image']}
          disabled={disabled}
          onChange={(poster_image) => onChange({ poster_image })}
        />
      </div>
    </div>
  );
}

export const IMAGES_SETTINGS_KEYS = ['poster_image'] as const;
