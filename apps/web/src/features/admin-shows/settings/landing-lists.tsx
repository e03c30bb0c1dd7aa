import { useEffect, useState } from 'react';
import { adminDownloadEndpoints } from '@taquilla/contract/plain';
import type { AdminShow, Landing } from '@taquilla/contract';
import { apiCall } from '../../../api/client';
import { fieldsOf, LIST_LIMITS } from './landing.rules';
import type { PersonRow } from './landing.rules';
import {
  FileFields,
  GalleryRowEditor,
  PersonRowEditor,
  SocialRowEditor,
} from './landing-row-editors';
import { LandingRows } from './landing-rows';
import { settingsError } from './settings-lists';
import { landingTexts } from './landing.texts';

const t = landingTexts;

const filled = (...texts: (string | undefined)[]) => texts.some((text) => text?.trim());

/**
 * The lists of the landing the chosen template shows (socials, gallery, people,
 * downloads and the album's zip). `onChange` takes the landing's changed keys.
 */
export function LandingLists({
  landing,
  show,
  errors,
  onChange,
}: {
  landing: Landing;
  show: AdminShow | null;
  errors: Readonly<Record<string, string>>;
  onChange: (patch: Partial<Landing>) => void;
}) {
  const uses = fieldsOf(landing.template);
  const showId = show?._id ?? null;
  const errorAt =
    (list: string, index: number) =>
    (key: string): string | undefined =>
      settingsError(errors, 'landing', list, index, key);
  const counts = useDownloadCounts(
    show && (uses.includes('downloads') || uses.includes('zip')) ? show._id : null,
  );
  const countOf = (file: string) => counts?.get(file.trim()) ?? null;
  const people =
    landing.template === 'cast'
      ? t.people.legendCast
      : landing.template === 'seminar'
        ? t.people.legendSeminar
        : t.people.legend;

  return (
    <>
      {uses.includes('socials') && (
        <LandingRows
          legend={t.socials.legend}
          items={landing.socials ?? []}
          limit={LIST_LIMITS.socials}
          empty={t.socials.empty}
          addLabel={t.socials.add}
          newItem={() => ({ label: '', url: '' })}
          itemLegend={t.socials.item}
          nameOf={(item, index) => item.label.trim() || t.socials.item(index + 1)}
          hasContent={(item) => filled(item.label, item.url)}
          onCommit={(socials) => onChange({ socials })}
          renderRow={(row) => <SocialRowEditor {...row} errorAt={errorAt('socials', row.index)} />}
        />
      )}
      {uses.includes('gallery') && (
        <LandingRows
          legend={t.gallery.legend}
          items={landing.gallery ?? []}
          limit={LIST_LIMITS.gallery}
          empty={t.gallery.empty}
          addLabel={t.gallery.add}
          newItem={() => ({ image: '', alt: '' })}
          itemLegend={t.gallery.item}
          nameOf={(item, index) => item.alt.trim() || t.gallery.item(index + 1)}
          hasContent={(item) => filled(item.image, item.alt)}
          onCommit={(gallery) => onChange({ gallery })}
          renderRow={(row) => (
            <GalleryRowEditor {...row} showId={showId} errorAt={errorAt('gallery', row.index)} />
          )}
        />
      )}
      {uses.includes('people') && (
        <LandingRows
          legend={people}
          items={landing.people ?? []}
          limit={LIST_LIMITS.people}
          empty={t.people.empty}
          addLabel={t.people.add}
          newItem={(): PersonRow => ({ name: '' })}
          itemLegend={t.people.item}
          nameOf={(item, index) => item.name.trim() || t.people.item(index + 1)}
          hasContent={(item) => filled(item.name, item.role, item.bio, item.photo)}
          onCommit={(next) => onChange({ people: next })}
          renderRow={(row) => (
            <PersonRowEditor {...row} showId={showId} errorAt={errorAt('people', row.index)} />
          )}
        />
      )}
      {uses.includes('downloads') && (
        <LandingRows
          legend={
            landing.template === 'album' ? t.downloads.legendAlbum : t.downloads.legendSeminar
          }
          items={landing.downloads ?? []}
          limit={LIST_LIMITS.downloads}
          empty={t.downloads.empty}
          addLabel={t.downloads.add}
          newItem={() => ({ title: '', file: '' })}
          itemLegend={t.downloads.item}
          nameOf={(item, index) => item.title.trim() || t.downloads.item(index + 1)}
          hasContent={(item) => filled(item.title, item.file)}
          onCommit={(downloads) => onChange({ downloads })}
          renderRow={(row) => (
            <FileFields
              {...row}
              labels={t.downloads}
              count={countOf(row.item.file)}
              errorAt={errorAt('downloads', row.index)}
            />
          )}
        />
      )}
      {uses.includes('zip') && (
        <fieldset className="settings-options">
          <legend className="settings-options__legend">{t.zip.legend}</legend>
          <p className="settings-group__note">{t.zip.hint}</p>
          <FileFields
            item={landing.zip ?? { title: '', file: '' }}
            labels={t.zip}
            count={landing.zip?.file ? countOf(landing.zip.file) : null}
            errorAt={(key) => settingsError(errors, 'landing', 'zip', key)}
            onChange={(zip) => onChange({ zip })}
          />
        </fieldset>
      )}
    </>
  );
}

/**
 * How many times each saved file was downloaded (GET /admin/shows/{id}/downloads), by
 * the file's address; null while unknown (no saved show, loading or refused), so a row
 * shows no count rather than a wrong one. A file not saved yet has none.
 */
function useDownloadCounts(showId: string | null): ReadonlyMap<string, number> | null {
  const [counts, setCounts] = useState<{ showId: string; byFile: Map<string, number> } | null>(
    null,
  );
  useEffect(() => {
    if (!showId) return;
    const controller = new AbortController();
    apiCall(adminDownloadEndpoints.listShowDownloads, {
      params: { id: showId },
      signal: controller.signal,
    }).then(
      (answer) =>
        setCounts({ showId, byFile: new Map(answer.items.map((item) => [item.file, item.count])) }),
      () => undefined,
    );
    return () => controller.abort();
  }, [showId]);
  return counts && counts.showId === showId ? counts.byFile : null;
}
