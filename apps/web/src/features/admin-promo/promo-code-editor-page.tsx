import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { adminPromoCodeCreateSchema, adminPromoCodePatchSchema } from '@taquilla/contract';
import { adminPromoCodeEndpoints, adminUserEndpoints } from '@taquilla/contract/plain';
import type { AdminPromoCode } from '@taquilla/contract';
import { ApiError, apiCall } from '../../api/client';
import { useApiQuery } from '../../api/use-api-query';
import { ConfirmDialog } from '../../components/console/confirm-dialog';
import { ConsolePage, ConsoleSection } from '../../components/console/console-page';
import { fieldErrors } from '../../components/form/field-errors';
import { FormAlert } from '../../components/form/form-alert';
import { SelectField } from '../../components/form/select-field';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { useToast } from '../../components/toast/toast-context';
import { es } from '../../i18n/es';
import { useSession } from '../../session/session-context';
import { adminPromoTexts as t } from './admin-promo.texts';
import { NEW_PROMO, bodyOf, fieldName, formOf } from './promo-code-form';
import type { PromoForm } from './promo-code-form';
import { PromoShowsField } from './promo-shows-field';
import './admin-promo.css';

const e = t.editor;

/** /admin/promo-codes/new and /admin/promo-codes/:id. */
export function PromoCodeEditorPage() {
  const { id } = useParams();
  if (!id) return <PromoEditor code={null} />;
  return <LoadedEditor key={id} id={id} />;
}

function LoadedEditor({ id }: { id: string }) {
  const code = useApiQuery(adminPromoCodeEndpoints.getPromoCode, { params: { id } });
  if (code.status === 'success') return <PromoEditor code={code.data} />;
  return (
    <ConsolePage title={t.list.title}>
      {code.status === 'loading' ? (
        <LoadingSkeleton label={t.loading} />
      ) : (
        <LoadError message={code.error.message} onRetry={code.retry} />
      )}
      <Link to="/admin/promo-codes">{e.back}</Link>
    </ConsolePage>
  );
}

/** An admin picks whose code it is (it never moves afterwards). */
function ProducerField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (id: string) => void;
  error: string | null;
}) {
  const producers = useApiQuery(adminUserEndpoints.listProducers, {});
  const items = producers.status === 'success' ? producers.data.items : [];
  return (
    <SelectField
      label={e.producer}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
      options={[
        { value: '', label: e.chooseProducer },
        ...items.map((p) => ({ value: p._id, label: p.name })),
      ]}
    />
  );
}

function PromoEditor({ code: loaded }: { code: AdminPromoCode | null }) {
  const { session } = useSession();
  const isAdmin = session?.role === 'Admin';
  const navigate = useNavigate();
  const toast = useToast();
  const [code, setCode] = useState(loaded);
  const [form, setForm] = useState<PromoForm>(loaded ? formOf(loaded) : NEW_PROMO);
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);

  const set = <K extends keyof PromoForm>(key: K, value: PromoForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const showsError =
    errors.show_uids ??
    Object.entries(errors).find(([field]) => field.startsWith('show_uids.'))?.[1] ??
    null;

  /** A refusal: 422 messages by field, a taken code at the code field, anything else above. */
  const refused = (cause: unknown) => {
    const apiError =
      cause instanceof ApiError ? cause : new ApiError(0, 'INTERNAL_ERROR', es.errors.unexpected);
    if (apiError.error === 'PROMO_CODE_TAKEN') {
      setErrors({ code: apiError.message });
      setAlert(null);
      return;
    }
    setErrors(fieldErrors(apiError.fields));
    setAlert(apiError.message);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const built = bodyOf(form);
    if ('errors' in built) {
      setErrors(built.errors);
      setAlert(e.invalid);
      return;
    }
    const input = code
      ? built.body
      : { ...built.body, ...(isAdmin ? { producer: form.producer || undefined } : {}) };
    const schema = code ? adminPromoCodePatchSchema : adminPromoCodeCreateSchema;
    const parsed = schema.safeParse(input);
    const issues = parsed.success ? [] : parsed.error.issues;
    if (isAdmin && !code && !form.producer) {
      issues.push({ code: 'custom', path: ['producer'], message: e.chooseProducer, input: '' });
    }
    if (issues.length > 0) {
      setErrors(fieldErrors(issues.map((i) => ({ field: fieldName(i.path), message: i.message }))));
      setAlert(e.invalid);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (code) {
        const saved = await apiCall(adminPromoCodeEndpoints.updatePromoCode, {
          params: { id: code._id },
          body: built.body,
        });
        setCode(saved);
        setForm(formOf(saved));
        toast.success(e.saved);
      } else {
        const made = await apiCall(adminPromoCodeEndpoints.createPromoCode, { body: input });
        toast.success(e.created(made.code));
        void navigate(`/admin/promo-codes/${made._id}`, { replace: true });
      }
    } catch (cause) {
      refused(cause);
    } finally {
      setBusy(false);
    }
  };

  /** Switching a code on or off; off asks first (buyers can no longer apply it). */
  const switchActive = async (active: boolean) => {
    if (!code) return;
    setDialogError(null);
    try {
      const saved = await apiCall(adminPromoCodeEndpoints.updatePromoCode, {
        params: { id: code._id },
        body: { active },
      });
      setCode(saved);
      setForm((current) => ({ ...current, active: saved.active }));
      setConfirming(false);
      toast.success(active ? e.activated(saved.code) : e.deactivated(saved.code));
    } catch (cause) {
      if (active) refused(cause);
      else setDialogError(cause instanceof ApiError ? cause.message : es.errors.unexpected);
    }
  };

  const isPercent = form.discount_type === 'PERCENT';
  return (
    <ConsolePage
      title={code ? e.editTitle(code.code) : e.newTitle}
      actions={
        <Link className="button button--secondary" to="/admin/promo-codes">
          {e.back}
        </Link>
      }
    >
      <ConsoleSection
        title={e.form}
        actions={
          code &&
          (code.active ? (
            <button
              type="button"
              className="button button--danger"
              onClick={() => setConfirming(true)}
            >
              {e.deactivate}
            </button>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void switchActive(true)}
            >
              {e.activate}
            </button>
          ))
        }
      >
        <form className="promo-form" noValidate onSubmit={(event) => void submit(event)}>
          {alert && <FormAlert>{alert}</FormAlert>}
          {isAdmin && !code && (
            <ProducerField
              value={form.producer}
              onChange={(value) => setForm((f) => ({ ...f, producer: value, show_uids: [] }))}
              error={errors.producer ?? null}
            />
          )}
          <TextField
            label={e.code}
            hint={e.codeHint}
            value={form.code}
            maxLength={40}
            autoCapitalize="characters"
            error={errors.code ?? null}
            onChange={(event) => set('code', event.target.value)}
          />
          <div className="promo-form__row">
            <SelectField
              label={e.type}
              value={form.discount_type}
              options={[
                { value: 'PERCENT', label: e.percent },
                { value: 'FIXED', label: e.fixed },
              ]}
              error={errors.discount_type ?? null}
              onChange={(event) => set('discount_type', event.target.value as 'PERCENT' | 'FIXED')}
            />
            <TextField
              label={isPercent ? e.valuePercent : e.valueFixed}
              hint={isPercent ? e.percentHint : e.fixedHint}
              inputMode="decimal"
              value={form.discount_value}
              error={errors.discount_value ?? null}
              onChange={(event) => set('discount_value', event.target.value)}
            />
          </div>
          <PromoShowsField
            producer={code ? code.producer_uid : form.producer}
            isAdmin={isAdmin}
            value={form.show_uids}
            onChange={(ids) => set('show_uids', ids)}
            error={showsError}
          />
          <div className="promo-form__row">
            <TextField
              label={e.validSince}
              type="datetime-local"
              hint={e.validityHint}
              value={form.valid_since}
              error={errors.valid_since ?? null}
              onChange={(event) => set('valid_since', event.target.value)}
            />
            <TextField
              label={e.validThru}
              type="datetime-local"
              value={form.valid_thru}
              error={errors.valid_thru ?? null}
              onChange={(event) => set('valid_thru', event.target.value)}
            />
          </div>
          <TextField
            label={e.usageLimit}
            type="number"
            min={1}
            step={1}
            hint={code ? `${e.usageHint} ${e.usage(code.used_count, code.uses_left)}` : e.usageHint}
            value={form.usage_limit}
            error={errors.usage_limit ?? null}
            onChange={(event) => set('usage_limit', event.target.value)}
          />
          <label className="promo-check">
            <input
              type="checkbox"
              checked={form.active}
              onChange={(event) => set('active', event.target.checked)}
            />
            {e.active}
          </label>
          <div className="promo-form__actions">
            <SubmitButton disabled={false} isBusy={isBusy} busyLabel={e.busy}>
              {code ? e.save : e.create}
            </SubmitButton>
          </div>
        </form>
      </ConsoleSection>
      {code && (
        <ConfirmDialog
          isOpen={confirming}
          title={e.deactivateTitle(code.code)}
          message={e.deactivateMessage}
          confirmLabel={e.deactivate}
          onConfirm={() => switchActive(false)}
          onClose={() => setConfirming(false)}
          error={dialogError}
        />
      )}
    </ConsolePage>
  );
}
