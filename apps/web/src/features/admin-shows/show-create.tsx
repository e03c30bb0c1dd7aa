import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { adminEndpoints, adminUserEndpoints } from '@taquilla/contract';
import { apiCall } from '../../api/client';
import { useApiQuery } from '../../api/use-api-query';
import { ConsolePage, ConsoleSection } from '../../components/console/console-page';
import { SelectField } from '../../components/form/select-field';
import { LoadError } from '../../components/load-error';
import { useSession } from '../../session/session-context';
import { adminShowsTexts } from './admin-shows.texts';
import { ShowForm } from './editor/show-form';
import { NEW_SHOW_VALUES, createBody } from './show-draft';
import { checkCreate, refusalOf } from './submit-show';
import type { Refusal } from './submit-show';
import { markSaved, useShowDraft } from './use-show-draft';
import './admin-shows.css';

const t = adminShowsTexts.editor;

/** /admin/shows/new: the editor on an empty show; an admin first picks whose show it is. */
export function ShowCreate() {
  const { session } = useSession();
  const isAdmin = session?.role === 'Admin';
  const draft = useShowDraft(NEW_SHOW_VALUES);
  const [producer, setProducer] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const navigate = useNavigate();

  async function create() {
    const body = createBody(draft.values, isAdmin ? producer || null : null);
    const invalid = checkCreate(body);
    if (isAdmin && !producer) {
      const errors = { ...invalid, producer: t.producerPick };
      setRefusal({ message: t.invalid, errors });
      return;
    }
    if (invalid) {
      setRefusal({ message: t.invalid, errors: invalid });
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const created = await apiCall(adminEndpoints.createShow, { body });
      markSaved(created._id);
      navigate(`/admin/shows/${created._id}`);
    } catch (cause) {
      setRefusal(refusalOf(cause));
      setBusy(false);
    }
  }

  return (
    <ConsolePage title={t.newTitle}>
      <ShowForm
        show={null}
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
        notice={null}
        submitLabel={t.create}
        before={
          isAdmin ? (
            <ProducerPicker
              value={producer}
              error={refusal?.errors.producer}
              onChange={setProducer}
            />
          ) : null
        }
        onSubmit={() => void create()}
      />
    </ConsolePage>
  );
}

function ProducerPicker({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (producer: string) => void;
}) {
  const producers = useApiQuery(adminUserEndpoints.listProducers, {});
  return (
    <ConsoleSection title={t.producerSection}>
      {producers.status === 'error' && (
        <LoadError message={producers.error.message} onRetry={producers.retry} />
      )}
      <SelectField
        label={t.producer}
        hint={t.producerHint}
        required
        value={value}
        error={error}
        disabled={producers.status !== 'success'}
        options={[
          { value: '', label: t.producerPick },
          ...(producers.data?.items ?? []).map((item) => ({ value: item._id, label: item.name })),
        ]}
        onChange={(event) => onChange(event.target.value)}
      />
    </ConsoleSection>
  );
}
