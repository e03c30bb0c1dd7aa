import { useCallback, useEffect, useMemo, useState } from 'react';
import { applySettingsPatch, changesOf } from './show-draft';
import type { FieldsPatch, Settings, ShowValues } from './show-draft';

/**
 * Unsaved edits by show id, kept while the console is open: a status change reloads the
 * show's frame (its title and status), which draws the editor again, and the edits
 * must survive it. A save or a discard forgets them.
 */
const unsaved = new Map<string, ShowValues>();

/**
 * The editor's state: the saved show and what the organiser made of it. Groups patch
 * fields and settings; `changes` is only what differs from the saved show.
 */
export function useShowDraft(saved: ShowValues, showId: string | null) {
  const [values, setValues] = useState<ShowValues>(
    () => (showId ? unsaved.get(showId) : undefined) ?? saved,
  );
  const changes = useMemo(() => changesOf(saved, values), [saved, values]);

  useEffect(() => {
    if (!showId) return;
    if (changes.count > 0) unsaved.set(showId, values);
    else unsaved.delete(showId);
  }, [showId, values, changes.count]);

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
  /** After a save: the answer is the new saved show, nothing is pending. */
  const forget = useCallback(() => {
    if (showId) unsaved.delete(showId);
  }, [showId]);

  return { values, changes, setFields, setSettings, setValues, forget };
}

/** Shows just saved, so the editor drawn again after the reload says so once. */
const justSaved = new Set<string>();

export function markSaved(showId: string): void {
  justSaved.add(showId);
}

/** Whether the show was just saved (true once). */
export function takeSaved(showId: string): boolean {
  return justSaved.delete(showId);
}
