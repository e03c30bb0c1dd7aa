import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { playerEndpoints } from '@taquilla/contract/plain';
import { normalizeWatchCode } from '@taquilla/domain';
import { apiCall, isApiError } from '../../../api/client';
import { playerTexts as t } from '../player.texts';

type CodeEntryFormProps = {
  /** The show's `_id`: POST /viewers/codes/validate takes the id. */
  showUid: string;
  /** The message of the last refusal ("Código Inválido"), or null before any code. */
  error: string | null;
  /** Where "Regístrate" goes, when the show has a page to register on. */
  signupPath?: string | null;
  /** Called with the code as the server keeps it, once it opened the show. */
  onValid: (code: string) => void;
};

/**
 * "Ingresa tu código de acceso para entrar:" (001 §2, 002 §2.8). The code is upper-cased
 * as it is typed (001 §5); "Entrar" checks it (POST /viewers/codes/validate) and a valid
 * code opens the player URL with it. Any failure of the check reads as "Código Inválido"
 * (001 §5), except a rate limit, whose own text says to wait.
 */
export function CodeEntryForm({ showUid, error, signupPath, onValid }: CodeEntryFormProps) {
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [isChecking, setIsChecking] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
  const shownError = checkError ?? error;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = normalizeWatchCode(code);
    if (typed === '' || isChecking) return;
    setIsChecking(true);
    setCheckError(null);
    try {
      const answer = await apiCall(playerEndpoints.validateCode, {
        body: { code: typed, show_uid: showUid },
      });
      onValid(answer.code);
    } catch (failure) {
      setCheckError(
        isApiError(failure) && failure.error === 'RATE_LIMITED'
          ? failure.message
          : t.codeEntry.invalid,
      );
    } finally {
      setIsChecking(false);
    }
  }

  return (
    <form className="code-entry" onSubmit={submit} noValidate>
      <label className="code-entry__title" htmlFor={inputId}>
        {t.codeEntry.title}
      </label>
      <div className="code-entry__row">
        <input
          id={inputId}
          className="input code-entry__input"
          name="code"
          placeholder={t.codeEntry.placeholder}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
        />
        <button
          type="submit"
          className="button button--primary code-entry__submit"
          disabled={isChecking || code.trim() === ''}
        >
          {isChecking ? t.codeEntry.checking : t.codeEntry.submit}
        </button>
      </div>
      {shownError && (
        <p id={errorId} className="code-entry__error" role="alert">
          {shownError}
        </p>
      )}
      {signupPath && (
        <Link className="code-entry__signup" to={signupPath}>
          {t.codeEntry.signup}
        </Link>
      )}
    </form>
  );
}
