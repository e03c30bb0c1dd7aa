import { useState } from 'react';
import type { FormEvent } from 'react';
import { ACCESS_CODE_BATCH_MAX, adminAccessCodeCreateSchema } from '@taquilla/contract';
import { adminAccessCodeEndpoints } from '@taquilla/contract/plain';
import { ConsoleSection } from '../../components/console/console-page';
import { useApiAction } from '../../components/console/use-api-action';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { accessCodesTexts as t } from './admin-access-codes.texts';

/** `datetime-local` is the browser's own time; the API wants an ISO instant. */
function toInstant(local: string): string | null {
  if (local.trim() === '') return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/**
 * N new codes, with an optional expiry (POST /admin/shows/{id}/access-codes). The
 * contract's schema checks the form before it goes; the server's 422 (an expiry in the
 * past) shows beside its field.
 */
export function GenerateCodesForm({
  showId,
  onGenerated,
}: {
  showId: string;
  onGenerated: () => void;
}) {
  const [quantity, setQuantity] = useState('10');
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const [made, setMade] = useState<number | null>(null);
  const create = useApiAction(adminAccessCodeEndpoints.createAccessCodes);
  const shown = errors ?? create.fieldErrors;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMade(null);
    const body = {
      quantity: quantity.trim() === '' ? Number.NaN : Number(quantity),
      expires_on: toInstant(expires),
    };
    const parsed = adminAccessCodeCreateSchema.safeParse(body);
    if (!parsed.success) {
      const byField: Record<string, string> = {};
      for (const issue of parsed.error.issues) byField[String(issue.path[0])] ??= issue.message;
      setErrors(byField);
      return;
    }
    setErrors(null);
    const answer = await create.run({ params: { id: showId }, body });
    if (!answer) return;
    setMade(answer.items.length);
    onGenerated();
  }

  return (
    <ConsoleSection title={t.generate.title}>
      <form className="codes-form" onSubmit={submit} noValidate>
        <TextField
          label={t.generate.quantity}
          hint={t.generate.quantityHint(ACCESS_CODE_BATCH_MAX)}
          type="number"
          inputMode="numeric"
          min={1}
          max={ACCESS_CODE_BATCH_MAX}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          error={shown.quantity ?? shown.count}
        />
        <TextField
          label={t.generate.expires}
          hint={t.generate.expiresHint}
          type="datetime-local"
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
          error={shown.expires_on}
        />
        <div className="codes-form__actions">
          <button type="submit" className="button button--primary" disabled={create.isBusy}>
            {create.isBusy ? t.generate.busy : t.generate.submit}
          </button>
        </div>
      </form>
      {create.error && Object.keys(create.fieldErrors).length === 0 && (
        <FormAlert>{create.error}</FormAlert>
      )}
      {made !== null && <FormAlert tone="success">{t.generate.done(made)}</FormAlert>}
    </ConsoleSection>
  );
}
