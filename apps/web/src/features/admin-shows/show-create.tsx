import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { adminEndpoints, adminUserEndpoints } from '@taquilla/contract/plain';
import type { AdminShow } from '@taquilla/contract';
import { ApiError, apiCall } from '../../api/client';
import { es } from '../../i18n/es';
import { useApiQuery } from '../../api/use-api-query';
import { ConsolePage, ConsoleSection } from '../../components/console/console-page';
import { SelectField } from '../../components/form/select-field';
import { LoadError } from '../../components/load-error';
import { useSession } from '../../session/session-context';
import { adminShowsTexts } from './admin-shows.texts';
import { ShowForm } from './editor/show-form';
import type { LandingPreviewComponent } from './settings/landing-preview-frame';
import { NEW_SHOW_VALUES, createBody } from './show-draft';
import { checkCreate, refusalOf } from './submit-show';
import type { Refusal } from './submit-show';
import { markSaved, useShowDraft } from './use-show-draft';
import './admin-shows.css';

const t = adminShowsTexts.editor;

/**
 * /admin/shows/new: the editor on an empty show; an admin first picks whose show it is.
 * `?parent=` creates it inside that show (an episode of a channel, a film of a
 * festival: the landing group links here): it belongs to the parent's producer.
 */
export function ShowCreate({ LandingPreview }: { LandingPreview?: LandingPreviewComponent }) {
  const { session } = useSession();
  const isAdmin = session?.role === 'Admin';
  const draft = useShowDraft(NEW_SHOW_VALUES);
  const [producer, setProducer] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const navigate = useNavigate();
  const parentId = useSearchParams()[0].get('parent');
  const { parent, error: parentError, retry: retryParent } = useParentShow(parentId);
  const pickProducer = isAdmin && !parentId;

  async function create() {
    if (parentId && !parent) {
      setRefusal({ message: t.parentMissing, errors: {} });
      return;
    }
    const owner = parent ? parent.producer : producer;
    const body = {
      ...createBody(draft.values, isAdmin ? owner || null : null),
      ...(parent ? { parent_show_uid: parent._id } : {}),
    };
    const invalid = checkCreate(body);
    if (pickProducer && !producer) {
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
        LandingPreview={LandingPreview}
        before={
          parentId ? (
            <ParentSection parent={parent} error={parentError} onRetry={retryParent} />
          ) : pickProducer ? (
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

/** The show of `?parent=`, read once (none without the parameter). */
function useParentShow(parentId: string | null) {
  const [attempt, setAttempt] = useState(0);
  const [read, setRead] = useState<{ id: string; show: AdminShow | null; error: string | null }>();
  useEffect(() => {
    if (!parentId) return;
    const controller = new AbortController();
    apiCall(adminEndpoints.getShow, { params: { id: parentId }, signal: controller.signal }).then(
      (show) => setRead({ id: parentId, show, error: null }),
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        const error = cause instanceof ApiError ? cause.message : es.errors.unexpected;
        setRead({ id: parentId, show: null, error });
      },
    );
    return () => controller.abort();
  }, [parentId, attempt]);
  const current = read && read.id === parentId ? read : null;
  return {
    parent: current?.show ?? null,
    error: current?.error ?? null,
    retry: () => setAttempt((value) => value + 1),
  };
}

/** The show a new one is created inside (`?parent=`). */
function ParentSection({
  parent,
  error,
  onRetry,
}: {
  parent: AdminShow | null;
  error: string | null;
  onRetry: () => void;
}) {
  return (
    <ConsoleSection title={t.parentSection}>
      {error && <LoadError message={error} onRetry={onRetry} />}
      {parent && (
        <p>
          {t.insideOf(parent.fullname)}{' '}
          <Link to={`/admin/shows/${parent._id}`}>{t.openParent(parent.fullname)}</Link>
        </p>
      )}
    </ConsoleSection>
  );
}
