import { useState } from 'react';
import type { FormEvent } from 'react';
import { adminProducerPatchSchema } from '@taquilla/contract';
import { adminUserEndpoints } from '@taquilla/contract/plain';
import type { AdminProducerListItem } from '@taquilla/contract';
import { useApiAction } from '../../components/console/use-api-action';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { adminAccountsTexts as t } from './admin-accounts.texts';

const e = t.producerEdit;

/** A producer's name and contact (its slug stays), checked with the contract first. */
export function ProducerEditForm({
  producer,
  onSaved,
  onCancel,
}: {
  producer: AdminProducerListItem;
  onSaved: (name: string) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState({
    name: producer.name,
    email: producer.email ?? '',
    phone: producer.phone ?? '',
  });
  const [local, setLocal] = useState<Record<string, string>>({});
  const save = useApiAction(adminUserEndpoints.updateProducer);
  const errors = { ...save.fieldErrors, ...local };
  const field = (key: keyof typeof values) => ({
    value: values[key],
    error: errors[key] ?? null,
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [key]: event.target.value })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: values.name,
      email: values.email.trim() || null,
      phone: values.phone.trim() || null,
    };
    const parsed = adminProducerPatchSchema.safeParse(body);
    const found: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
    }
    setLocal(found);
    if (Object.keys(found).length > 0) return;
    const answer = await save.run({ params: { id: producer._id }, body });
    if (answer) onSaved(answer.name);
  };

  return (
    <form
      className="accounts-form"
      noValidate
      aria-label={e.title(producer.name)}
      onSubmit={(event) => void submit(event)}
    >
      {save.error && Object.keys(local).length === 0 && <FormAlert>{save.error}</FormAlert>}
      <TextField label={e.name} {...field('name')} />
      <TextField label={e.email} type="email" {...field('email')} />
      <TextField label={e.phone} type="tel" {...field('phone')} />
      <div className="console-page__actions">
        <button type="submit" className="button button--primary" disabled={save.isBusy}>
          {save.isBusy ? e.busy : e.save}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {e.cancel}
        </button>
      </div>
    </form>
  );
}
