import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { TelethonCodes } from '@taquilla/contract';
import { DPI_LENGTH, isValidDpi } from '@taquilla/domain';
import { isApiError } from '../../../../api/client';
import { FormAlert } from '../../../../components/form/form-alert';
import { TextField } from '../../../../components/form/text-field';
import { es } from '../../../../i18n/es';
import { festivalTexts } from '../festival-pages.texts';
import { lookupTelethonCodes } from './lookup-telethon-codes';

const t = festivalTexts.telethon;

type Lookup =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'found'; result: TelethonCodes }
  | { status: 'failed'; message: string };

/** Why a typed DPI is not looked up (002 §5), or null when it may be. */
function dpiProblem(dpi: string): string | null {
  if (dpi.length !== DPI_LENGTH) return t.dpiLength(dpi.length);
  return isValidDpi(dpi) ? null : t.dpiInvalid;
}

function FoundCodes({ result }: { result: TelethonCodes }) {
  const titleId = useId();
  if (result.total === 0 || result.items.length === 0) {
    return <p className="notice">{t.noCodes}</p>;
  }
  return (
    <section className="landing-section" aria-labelledby={titleId}>
      <h3 className="landing-section__title" id={titleId}>
        {t.codesTitle}
      </h3>
      <p className="landing-section__text">{t.found(result.total)}</p>
      <ul className="telethon-codes">
        {result.items.map((item) => (
          <li key={item.code} className="telethon-code">
            <span className="telethon-code__text">
              <code className="telethon-code__code">{item.code}</code>
              <span className="telethon-code__ticket">
                {item.show_name} · {item.ticket_name}
              </span>
            </span>
            {item.activated ? (
              <span className="badge telethon-code__badge">{t.activated}</span>
            ) : (
              <Link
                to={`/activate?code=${encodeURIComponent(item.code)}`}
                className="button button--secondary"
                aria-label={t.activateCode(item.code)}
              >
                {t.activate}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The telethon's code lookup by DPI (002 §2.8, §5, §8): the call goes out only for 13
 * digits that pass `isValidDpi`; otherwise the field says what is wrong. Inside the
 * console's preview nothing is looked up.
 */
export function DpiLookup({ preview }: { preview?: boolean }) {
  const [dpi, setDpi] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (preview || lookup.status === 'checking') return;
    const value = dpi.trim();
    const problem = dpiProblem(value);
    setFieldError(problem);
    if (problem) {
      setLookup({ status: 'idle' });
      return;
    }
    setLookup({ status: 'checking' });
    try {
      setLookup({ status: 'found', result: await lookupTelethonCodes(value) });
    } catch (failure) {
      if (isApiError(failure) && failure.status === 422) {
        const issue = failure.fields.find((field) => field.field === 'dpi');
        setFieldError(issue?.message ?? failure.message);
        setLookup({ status: 'idle' });
        return;
      }
      setLookup({
        status: 'failed',
        message: isApiError(failure) ? failure.message : es.errors.unexpected,
      });
    }
  }

  return (
    <div className="telethon-lookup">
      <form className="telethon-lookup__form" onSubmit={submit} noValidate>
        <TextField
          label={t.dpiLabel}
          name="dpi"
          inputMode="numeric"
          autoComplete="off"
          maxLength={DPI_LENGTH}
          hint={t.dpiHint}
          error={fieldError}
          value={dpi}
          onChange={(event) => {
            setDpi(event.target.value);
            setFieldError(null);
          }}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={lookup.status === 'checking'}
        >
          {lookup.status === 'checking' ? t.checking : t.submit}
        </button>
      </form>
      <div aria-live="polite">
        {lookup.status === 'found' && <FoundCodes result={lookup.result} />}
      </div>
      {lookup.status === 'failed' && <FormAlert>{lookup.message}</FormAlert>}
    </div>
  );
}
