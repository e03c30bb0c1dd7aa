import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { TelethonCode, TelethonCodes } from '@taquilla/contract';
import { DPI_LENGTH, isValidDpi } from '@taquilla/domain';
import { isApiError } from '../../../../api/client';
import { FormAlert } from '../../../../components/form/form-alert';
import { TextField } from '../../../../components/form/text-field';
import { es } from '../../../../i18n/es';
import { festivalTexts } from '../festival-pages.texts';
import { lookupTelethonCodes, sendTelethonCodes } from './lookup-telethon-codes';

const t = festivalTexts.telethon;

type Lookup =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'found'; dpi: string; result: TelethonCodes }
  | { status: 'failed'; message: string };

/** Why a typed DPI is not looked up (002 §5), or null when it may be. */
function dpiProblem(dpi: string): string | null {
  if (dpi.length !== DPI_LENGTH) return t.dpiLength(dpi.length);
  return isValidDpi(dpi) ? null : t.dpiInvalid;
}

type Sending =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'sent'; message: string }
  | { status: 'failed'; message: string };

/**
 * "Enviarme mis códigos" (decision 0060): the whole codes go to the e-mail of each order,
 * never to whoever typed the DPI. The server answers the same whatever the DPI bought.
 */
function SendCodes({ dpi, showId }: { dpi: string; showId: string }) {
  const [sending, setSending] = useState<Sending>({ status: 'idle' });

  async function send() {
    if (sending.status === 'sending') return;
    setSending({ status: 'sending' });
    try {
      const { message } = await sendTelethonCodes(dpi, showId);
      setSending({ status: 'sent', message });
    } catch (failure) {
      setSending({
        status: 'failed',
        message: isApiError(failure) ? failure.message : es.errors.unexpected,
      });
    }
  }

  return (
    <div className="telethon-send">
      <p className="landing-section__text">{t.maskedNote}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={send}
        disabled={sending.status === 'sending'}
      >
        {sending.status === 'sending' ? t.sendingCodes : t.sendCodes}
      </button>
      <div aria-live="polite">
        {sending.status === 'sent' && (
          <p className="notice telethon-send__sent">{sending.message}</p>
        )}
      </div>
      {sending.status === 'failed' && <FormAlert>{sending.message}</FormAlert>}
    </div>
  );
}

function CodeAction({ item }: { item: TelethonCode }) {
  if (item.activated) return <span className="badge telethon-code__badge">{t.activated}</span>;
  // A masked value is not a code: nothing to activate with it.
  if (item.masked) return null;
  return (
    <Link
      to={`/activate?code=${encodeURIComponent(item.code)}`}
      className="button button--secondary"
      aria-label={t.activateCode(item.code)}
    >
      {t.activate}
    </Link>
  );
}

function FoundCodes({
  dpi,
  showId,
  result,
}: {
  dpi: string;
  showId: string;
  result: TelethonCodes;
}) {
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
        {result.items.map((item, index) => (
          <li key={`${index}-${item.code}`} className="telethon-code">
            <span className="telethon-code__text">
              {item.masked ? (
                <code
                  className="telethon-code__code telethon-code__code--masked"
                  aria-label={t.maskedCode(item.code)}
                >
                  {item.code}
                </code>
              ) : (
                <code className="telethon-code__code">{item.code}</code>
              )}
              <span className="telethon-code__ticket">
                {item.show_name} · {item.ticket_name}
              </span>
            </span>
            <CodeAction item={item} />
          </li>
        ))}
      </ul>
      {result.items.some((item) => item.masked) && <SendCodes dpi={dpi} showId={showId} />}
    </section>
  );
}

/**
 * The telethon's code lookup by DPI (002 §2.8, §5, §8): the call goes out only for 13
 * digits that pass `isValidDpi`; otherwise the field says what is wrong. It asks for
 * this page's telethon (`showId`) only; a visitor who is not the signed-in buyer gets
 * the codes masked and "Enviarme mis códigos" (decision 0060). Inside the console's
 * preview nothing is looked up.
 */
export function DpiLookup({ showId, preview }: { showId: string; preview?: boolean }) {
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
      setLookup({
        status: 'found',
        dpi: value,
        result: await lookupTelethonCodes(value, showId),
      });
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
        {lookup.status === 'found' && (
          <FoundCodes dpi={lookup.dpi} showId={showId} result={lookup.result} />
        )}
      </div>
      {lookup.status === 'failed' && <FormAlert>{lookup.message}</FormAlert>}
    </div>
  );
}
