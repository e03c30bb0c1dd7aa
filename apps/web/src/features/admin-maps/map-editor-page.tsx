import { useState } from 'react';
import type { FormEvent } from 'react';
import { adminEndpoints, adminMapEndpoints } from '@taquilla/contract/plain';
import type { AdminMapState, AdminShow, AdminTicket } from '@taquilla/contract';
import { ApiError, apiCall } from '../../api/client';
import { useApiQuery } from '../../api/use-api-query';
import { ConsoleSection } from '../../components/console/console-page';
import { consoleTexts } from '../../components/console/console-texts';
import { ShowConsoleFrame } from '../../components/console/show-console-frame';
import { fieldErrors } from '../../components/form/field-errors';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { es } from '../../i18n/es';
import { mapTexts } from './admin-maps.texts';
import { draftOf, emptyDraft, mapBody, mapErrors, newSection } from './map-draft';
import type { DraftMap, DraftSection } from './map-draft';
import { MapPreview } from './map-preview';
import { SectionCells } from './section-cells';
import { SectionForm } from './section-form';
import './admin-maps.css';

const t = mapTexts;

/** /admin/shows/:id/map: the section grid editor with the buyer's map as its preview. */
export function MapEditorPage() {
  return (
    <ShowConsoleFrame section={t.section}>
      {(show) => <ShowMap key={show._id} show={show} />}
    </ShowConsoleFrame>
  );
}

function ShowMap({ show }: { show: AdminShow }) {
  const state = useApiQuery(adminMapEndpoints.getMap, { params: { id: show._id } });
  const tickets = useApiQuery(adminEndpoints.listTickets, { params: { id: show._id } });
  for (const query of [state, tickets]) {
    if (query.status === 'error') {
      return <LoadError message={query.error.message} onRetry={query.retry} />;
    }
  }
  if (state.status !== 'success' || tickets.status !== 'success') {
    return <LoadingSkeleton label={consoleTexts.loading} />;
  }
  return <MapEditor show={show} initial={state.data} tickets={tickets.data.items} />;
}

type Message = { tone: 'error' | 'warning' | 'success'; text: string };

const gridSize = (value: string) => Math.max(1, Number.parseInt(value, 10) || 1);

function MapEditor({
  show,
  initial,
  tickets,
}: {
  show: AdminShow;
  initial: AdminMapState;
  tickets: readonly AdminTicket[];
}) {
  const [stored, setStored] = useState<DraftMap>(() =>
    initial.map ? draftOf(initial.map) : emptyDraft(),
  );
  const [draft, setDraft] = useState<DraftMap>(stored);
  const [isLocked, setLocked] = useState(initial.locked);
  const [hasMap, setHasMap] = useState(initial.map !== null);
  const [selectedKey, setSelectedKey] = useState<string | null>(stored.sections[0]?.key ?? null);
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [isBusy, setBusy] = useState(false);

  const selectedIndex = draft.sections.findIndex((section) => section.key === selectedKey);
  const selected = draft.sections[selectedIndex];
  const setMap = (patch: Partial<DraftMap>) => setDraft((current) => ({ ...current, ...patch }));
  const mapInput = (field: 'name' | 'map_image' | 'section_grid_rows' | 'section_grid_cols') => ({
    value: draft[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => setMap({ [field]: event.target.value }),
  });

  function updateSection(key: string, patch: Partial<DraftSection>) {
    setDraft((current) => ({
      ...current,
      sections: current.sections.map((section) =>
        section.key === key ? { ...section, ...patch } : section,
      ),
    }));
  }

  function addSection(row: number, col: number) {
    const section = newSection(row, col, draft.sections.length + 1);
    setMap({ sections: [...draft.sections, section] });
    setSelectedKey(section.key);
  }

  function removeSection(key: string) {
    const sections = draft.sections.filter((section) => section.key !== key);
    setMap({ sections });
    setSelectedKey(sections[0]?.key ?? null);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const invalid = mapErrors(draft);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) {
      const wrong = draft.sections.filter((_, index) =>
        Object.keys(invalid).some((field) => field.startsWith(`sections.${index}.`)),
      );
      if (wrong[0] && !wrong.some((section) => section.key === selectedKey)) {
        setSelectedKey(wrong[0].key);
      }
      const names = wrong.map((section) => section.name).join(', ');
      const general =
        draft.sections.length === 0 ? t.needsSection : (invalid.sections ?? invalid['(raíz)']);
      setMessage({
        tone: 'error',
        text: [t.invalid, names && t.sectionInvalid(names), general].filter(Boolean).join(' '),
      });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const saved = await apiCall(adminEndpoints.replaceMap, {
        params: { id: show._id },
        body: mapBody(draft),
      });
      const next = draftOf(saved);
      setStored(next);
      setDraft(next);
      setHasMap(true);
      setSelectedKey(next.sections[Math.max(0, selectedIndex)]?.key ?? null);
      setMessage({ tone: 'success', text: t.saved });
    } catch (error) {
      const apiError =
        error instanceof ApiError ? error : new ApiError(0, 'INTERNAL_ERROR', es.errors.unexpected);
      if (apiError.error === 'MAP_LOCKED') {
        setLocked(true);
        setMessage({ tone: 'error', text: `${apiError.message}. ${t.lockedSaved}` });
      } else {
        setErrors(fieldErrors(apiError.fields));
        setMessage({ tone: 'error', text: apiError.message });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {isLocked && <FormAlert tone="warning">{t.locked}</FormAlert>}
      {!hasMap && !isLocked && (
        <p className="map-editor__note">{show.parent_show_uid ? t.parentMap : t.noMap}</p>
      )}
      <form className="form map-editor" noValidate onSubmit={(event) => void save(event)}>
        <ConsoleSection title={t.mapTitle}>
          <fieldset className="map-editor__fieldset" disabled={isLocked}>
            <div className="field-grid">
              <TextField label={t.name} {...mapInput('name')} />
              <TextField label={t.image} hint={t.imageHint} {...mapInput('map_image')} />
              <TextField
                label={t.gridRows}
                inputMode="numeric"
                {...mapInput('section_grid_rows')}
              />
              <TextField
                label={t.gridCols}
                inputMode="numeric"
                {...mapInput('section_grid_cols')}
              />
            </div>
          </fieldset>
        </ConsoleSection>

        <ConsoleSection title={t.gridTitle}>
          <p className="map-editor__note">{draft.sections.length ? t.gridHint : t.noSections}</p>
          <SectionCells
            draft={draft}
            selectedKey={selectedKey}
            isLocked={isLocked}
            onSelect={setSelectedKey}
            onAdd={addSection}
          />
        </ConsoleSection>

        {selected && (
          <ConsoleSection title={t.sectionTitle(selected.name)}>
            <fieldset className="map-editor__fieldset" disabled={isLocked}>
              <SectionForm
                key={selected.key}
                section={selected}
                index={selectedIndex}
                errors={errors}
                tickets={tickets}
                gridRows={gridSize(draft.section_grid_rows)}
                gridCols={gridSize(draft.section_grid_cols)}
                onChange={(patch) => updateSection(selected.key, patch)}
                onRemove={() => removeSection(selected.key)}
              />
            </fieldset>
          </ConsoleSection>
        )}

        {message && <FormAlert tone={message.tone}>{message.text}</FormAlert>}
        {!isLocked && (
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={isBusy}>
              {isBusy ? t.saving : t.save}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={isBusy || draft === stored}
              onClick={() => {
                setDraft(stored);
                setErrors({});
                setMessage(null);
                setSelectedKey(stored.sections[0]?.key ?? null);
              }}
            >
              {t.discard}
            </button>
          </div>
        )}
      </form>

      <ConsoleSection title={t.previewTitle}>
        <p className="map-editor__note">{t.previewHint}</p>
        <MapPreview draft={draft} tickets={tickets} currency={show.settings.currency} />
      </ConsoleSection>
    </>
  );
}
