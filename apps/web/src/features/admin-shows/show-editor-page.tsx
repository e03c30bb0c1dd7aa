import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { adminEndpoints } from '@taquilla/contract/plain';
import type { AdminShow } from '@taquilla/contract';
import { apiCall } from '../../api/client';
import { ShowConsoleFrame } from '../../components/console/show-console-frame';
import { adminShowsTexts } from './admin-shows.texts';
import { DeleteShow } from './editor/delete-show';
import { ShowForm } from './editor/show-form';
import { StatusControl } from './editor/status-control';
import type { LandingPreviewComponent } from './settings/landing-preview-frame';
import { ShowCreate } from './show-create';
import { patchBody, valuesOf } from './show-draft';
import { checkPatch, refusalOf } from './submit-show';
import type { Refusal } from './submit-show';
import { takeSaved, useShowDraft } from './use-show-draft';
import './admin-shows.css';

const t = adminShowsTexts.editor;

/**
 * /admin/shows/new creates a show; /admin/shows/:id edits one inside its console frame.
 * `LandingPreview` draws the show's page for the landing group's live preview; the
 * route table composes it in from the show feature (features never import each other).
 */
export function ShowEditorPage({ LandingPreview }: { LandingPreview?: LandingPreviewComponent }) {
  const { id } = useParams();
  if (!id) return <ShowCreate LandingPreview={LandingPreview} />;
  return (
    <ShowConsoleFrame section={t.section} actions={(show) => <DeleteShow show={show} />}>
      {(show, reload) => (
        <ShowEdit key={show._id} show={show} reload={reload} LandingPreview={LandingPreview} />
      )}
    </ShowConsoleFrame>
  );
}

function ShowEdit({
  show,
  reload,
  LandingPreview,
}: {
  show: AdminShow;
  reload: () => void;
  LandingPreview: LandingPreviewComponent | undefined;
}) {
  // The saved show moves on when the frame reads it again (after a status change) and
  // when a save answers; the organiser's unsaved edits stay as they are.
  const [readShow, setReadShow] = useState(show);
  const [saved, setSaved] = useState(() => valuesOf(show));
  if (show !== readShow) {
    setReadShow(show);
    setSaved(valuesOf(show));
  }
  const draft = useShowDraft(saved);
  const [isBusy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [notice, setNotice] = useState<string | null>(() => (takeSaved(show._id) ? t.saved : null));

  async function save() {
    setNotice(null);
    if (draft.changes.count === 0) {
      setRefusal(null);
      setNotice(t.noChanges);
      return;
    }
    const body = patchBody(draft.changes);
    const invalid = checkPatch(body, draft.values.settings);
    if (invalid) {
      setRefusal({ message: t.invalid, errors: invalid });
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await apiCall(adminEndpoints.updateShow, { params: { id: show._id }, body });
      const values = valuesOf(answer);
      setSaved(values);
      draft.setValues(values);
      setNotice(t.saved);
      // The frame's title shows the name: read the show again.
      reload();
    } catch (cause) {
      setRefusal(refusalOf(cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className="show-editor__status">
        <StatusControl show={show} onChanged={reload} />
      </div>
      <ShowForm
        show={show}
        group={{
          fields: draft.values.fields,
          onFieldsChange: draft.setFields,
          settings: draft.values.settings,
          onChange: draft.setSettings,
        }}
        errors={refusal?.errors ?? {}}
        isBusy={isBusy}
        hasChanges={draft.changes.count > 0}
        alert={refusal?.message ?? null}
        notice={notice}
        submitLabel={t.save}
        LandingPreview={LandingPreview}
        onSubmit={() => void save()}
      />
    </>
  );
}
