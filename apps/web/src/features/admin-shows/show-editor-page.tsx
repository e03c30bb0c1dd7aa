import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { adminEndpoints } from '@taquilla/contract';
import type { AdminShow } from '@taquilla/contract';
import { apiCall } from '../../api/client';
import { ShowConsoleFrame } from '../../components/console/show-console-frame';
import { adminShowsTexts } from './admin-shows.texts';
import { DeleteShow } from './editor/delete-show';
import { ShowForm } from './editor/show-form';
import { StatusControl } from './editor/status-control';
import { ShowCreate } from './show-create';
import { patchBody, valuesOf } from './show-draft';
import { checkPatch, refusalOf } from './submit-show';
import type { Refusal } from './submit-show';
import { markSaved, takeSaved, useShowDraft } from './use-show-draft';
import './admin-shows.css';

const t = adminShowsTexts.editor;

/** /admin/shows/new creates a show; /admin/shows/:id edits one inside its console frame. */
export function ShowEditorPage() {
  const { id } = useParams();
  if (!id) return <ShowCreate />;
  return (
    <ShowConsoleFrame section={t.section} actions={(show) => <DeleteShow show={show} />}>
      {(show, reload) => <ShowEdit key={show._id} show={show} reload={reload} />}
    </ShowConsoleFrame>
  );
}

function ShowEdit({ show, reload }: { show: AdminShow; reload: () => void }) {
  const saved = useMemo(() => valuesOf(show), [show]);
  const draft = useShowDraft(saved, show._id);
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
      await apiCall(adminEndpoints.updateShow, { params: { id: show._id }, body });
      draft.forget();
      markSaved(show._id);
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
        onSubmit={() => void save()}
      />
    </>
  );
}
