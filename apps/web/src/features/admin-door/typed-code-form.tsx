import { useState } from 'react';
import type { FormEvent } from 'react';
import { adminCheckinBodySchema } from '@taquilla/contract';
import { TextField } from '../../components/form/text-field';
import { doorTexts } from './admin-door.texts';

const t = doorTexts.typed;

/**
 * The code typed by hand: always there, for a torn QR, a dark room or a phone without
 * a camera. Checked by the contract's own rule before it is sent; cleared once sent,
 * ready for the next person.
 */
export function TypedCodeForm({
  isBusy,
  onSubmit,
}: {
  isBusy: boolean;
  onSubmit: (code: string) => Promise<void>;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminCheckinBodySchema.shape.code.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    await onSubmit(parsed.data);
    setValue('');
  };

  return (
    <form className="door-typed" onSubmit={(event) => void send(event)} noValidate>
      <TextField
        label={t.label}
        hint={t.hint}
        error={error}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        maxLength={12}
        className="door-typed__input"
      />
      <button type="submit" className="button button--primary door-button" disabled={isBusy}>
        {isBusy ? t.busy : t.submit}
      </button>
    </form>
  );
}
