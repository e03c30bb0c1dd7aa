import { useState } from 'react';
import type { FormEvent } from 'react';
import { adminUserCreateSchema } from '@taquilla/contract';
import { adminUserEndpoints } from '@taquilla/contract/plain';
import type { AdminProducerListItem, AdminUserCreateInput } from '@taquilla/contract';
import { useApiAction } from '../../components/console/use-api-action';
import { FormAlert } from '../../components/form/form-alert';
import { PasswordField } from '../../components/form/password-field';
import { SelectField } from '../../components/form/select-field';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { adminAccountsTexts as t } from './admin-accounts.texts';

const f = t.form;
const EMPTY = {
  email: '',
  fullname: '',
  role: 'Producer' as 'Producer' | 'Admin',
  password: '',
  mode: 'new' as 'new' | 'existing',
  producer_uid: '',
  name: '',
  slug: '',
  producerEmail: '',
  phone: '',
};
type Values = typeof EMPTY;

/** The POST /admin/users body the form's values make (empty optional fields left out). */
export function accountBody(v: Values): AdminUserCreateInput {
  const optional = (key: string, value: string) => (value.trim() ? { [key]: value.trim() } : {});
  const producer =
    v.role !== 'Producer'
      ? {}
      : v.mode === 'existing'
        ? optional('producer_uid', v.producer_uid)
        : {
            producer: {
              name: v.name,
              ...optional('slug', v.slug),
              ...optional('email', v.producerEmail),
              ...optional('phone', v.phone),
            },
          };
  return {
    email: v.email.trim(),
    fullname: v.fullname,
    role: v.role,
    ...(v.password ? { password: v.password } : {}),
    ...producer,
  };
}

/** The contract's messages by field (`producer.name`), before anything is sent. */
function localErrors(v: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = adminUserCreateSchema.safeParse(accountBody(v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  }
  if (v.role === 'Producer' && v.mode === 'existing' && !v.producer_uid) {
    errors.producer_uid ??= f.chooseProducer;
  }
  return errors;
}

/** Creates a producer or admin account; a new producer is created with its first account. */
export function AccountForm({
  producers,
  onCreated,
}: {
  producers: AdminProducerListItem[];
  onCreated: () => void;
}) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const create = useApiAction(adminUserEndpoints.createUser);
  const errors = { ...create.fieldErrors, ...local };
  const set = (key: keyof Values) => (value: string) =>
    setValues((current) => ({ ...current, [key]: value }));
  const field = (key: keyof Values, name: string = key) => ({
    value: values[key],
    error: errors[name] ?? null,
    onChange: (event: { target: { value: string } }) => set(key)(event.target.value),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const found = localErrors(values);
    setLocal(found);
    if (Object.keys(found).length > 0) return;
    const created = await create.run({ body: accountBody(values) });
    if (!created) return;
    setDone(f.created(created.email, !values.password));
    setValues(EMPTY);
    onCreated();
  };

  const hasLocalErrors = Object.keys(local).length > 0;
  return (
    <form
      className="accounts-form"
      noValidate
      aria-label={f.title}
      onSubmit={(e) => void submit(e)}
    >
      {done && <FormAlert tone="success">{done}</FormAlert>}
      {hasLocalErrors && <FormAlert>{f.invalid}</FormAlert>}
      {!hasLocalErrors && create.error && <FormAlert>{create.error}</FormAlert>}
      <TextField label={f.email} type="email" autoComplete="off" {...field('email')} />
      <TextField label={f.fullname} {...field('fullname')} />
      <SelectField
        label={f.role}
        options={[
          { value: 'Producer', label: t.roles.Producer },
          { value: 'Admin', label: t.roles.Admin },
        ]}
        {...field('role')}
      />
      <PasswordField
        label={f.password}
        hint={f.passwordHint}
        autoComplete="new-password"
        {...field('password')}
      />
      {values.role === 'Producer' && (
        <fieldset className="accounts-form__producer">
          <legend>{f.producerMode}</legend>
          <SelectField
            label={f.modeLabel}
            options={[
              { value: 'new', label: f.newProducer },
              { value: 'existing', label: f.existing },
            ]}
            {...field('mode')}
          />
          {values.mode === 'existing' ? (
            <SelectField
              label={f.producer}
              options={[
                { value: '', label: f.chooseProducer },
                ...producers.map((p) => ({ value: p._id, label: p.name })),
              ]}
              {...field('producer_uid')}
            />
          ) : (
            <>
              <TextField
                label={f.producerName}
                {...field('name', 'producer.name')}
                error={errors['producer.name'] ?? errors.producer ?? null}
              />
              <TextField
                label={f.producerSlug}
                hint={f.producerSlugHint}
                {...field('slug', 'producer.slug')}
              />
              <TextField
                label={f.producerEmail}
                type="email"
                {...field('producerEmail', 'producer.email')}
              />
              <TextField label={f.producerPhone} type="tel" {...field('phone', 'producer.phone')} />
            </>
          )}
        </fieldset>
      )}
      <SubmitButton disabled={false} isBusy={create.isBusy} busyLabel={f.busy}>
        {f.submit}
      </SubmitButton>
    </form>
  );
}
