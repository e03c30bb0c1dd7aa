import { useCallback, useMemo, useState } from 'react';
import { applySettingsPatch, changesOf } from './show-draft';
import type { FieldsPatch, Settings, ShowValues } from './show-draft';

/**
 * The editor's state: what the organiser made of the saved show. Groups patch fields
 * and settings; `changes` is only what differs from `saved`, which the page moves on
 * after a save or when the show is read again (a status change): edits not yet saved
 * stay as they are.
 */
export function useShowDraft(saved: ShowValues) {
  const [values, setValues] = useState<ShowValues>(saved);
  const changes = useMemo(() => changesOf(saved, values), [saved, values]);

  const setFields = useCallback(
    (patch: FieldsPatch) =>
      setValues((current) => ({ ...current, fields: { ...current.fields, ...patch } })),
    [],
  );
  const setSettings = useCallback(
    (patch: Settings) =>
      setValues((current) => ({
        ...current,
        settings: applySettingsPatch(current.settings, patch),
      })),
    [],
  );

  return { values, changes, setFields, setSettings, setValues };
}

/** Shows just created, so the editor they open in says they were saved (once). */
const justSaved = new Set<string>();

export function markSaved(showId: string): void {
  justSaved.add(showId);
}

/** Whether the show was just saved (true once). */
export function takeSaved(showId: string): boolean {
  return justSaved.delete(showId);
}
