import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormAlert } from '../../components/form/form-alert';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { useToast } from '../../components/toast/toast-context';
import { useSession } from '../../session/session-context';
import { AccountFields } from './account-fields';
import { EMPTY_ACTIVATION, activationProblems, typedTicketCode } from './activation-rules';
import type { AccountMode, ActivationField, ActivationValues } from './activation-rules';
import { esActivation } from './es-activation';
import { useActivateCode } from './use-activate-code';
import type { ActivationOutcome } from './use-activate-code';
import './activation.css';

const t = esActivation;

/** Where an activated ticket is watched (000 §2). */
export function activatedPlayerPath(showId: string): string {
  return `/shows/${encodeURIComponent(showId)}/player?activated=1`;
}

/** "Mis boletos" (002 §2.1): where a place at the venue shows its QR, seat and door. */
export const MY_TICKETS_PATH = '/user/shows';

/**
 * Where an activation leads (decision 0058): a ticket that opens the stream to the
 * show's player, as 000 §2 says; a place at the venue to "Mis boletos", never to a
 * player that would refuse it.
 */
function pathAfterActivation(outcome: { showId: string; livestream: boolean }): string {
  return outcome.livestream ? activatedPlayerPath(outcome.showId) : MY_TICKETS_PATH;
}

type ActivationFormProps = {
  /** `?code=` of /activate, or a landing page's. */
  initialCode?: string;
  /** Instead of going to the player (a landing page reloads itself, 002 §2.8). */
  onActivated?: (showId: string) => void;
};

type Failure = Extract<ActivationOutcome, { kind: 'failed' }>;

/**
 * The ticket code, upper-cased as typed (000 §5), and the account when there is no
 * session. Missing fields are marked red on "Activar"; a success opens the show's player.
 */
export function ActivationForm({ initialCode = '', onActivated }: ActivationFormProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const { status } = useSession();
  const activateCode = useActivateCode();
  const [accountMode, setAccountMode] = useState<'login' | 'signup'>('login');
  const [values, setValues] = useState<ActivationValues>({
    ...EMPTY_ACTIVATION,
    code: typedTicketCode(initialCode),
  });
  const [isChecked, setIsChecked] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  // Signing in from this form makes the session authenticated; the mode follows it.
  const mode: AccountMode = status === 'authenticated' ? 'session' : accountMode;
  const problems = activationProblems(values, mode);
  const shownProblems = isChecked ? problems : {};
  const hasProblems = Object.keys(shownProblems).length > 0;

  function change(field: ActivationField, value: string) {
    setValues((current) => ({
      ...current,
      [field]: field === 'code' ? typedTicketCode(value) : value,
    }));
    setFailure(null);
  }

  async function activate(forceLogin: boolean) {
    setIsBusy(true);
    setFailure(null);
    const outcome = await activateCode(values, mode, forceLogin);
    setIsBusy(false);
    if (outcome.kind === 'activated') {
      toast.success(t.success);
      if (onActivated) onActivated(outcome.showId);
      else navigate(pathAfterActivation(outcome));
    } else if (outcome.kind === 'alreadyActivated') {
      toast.info(t.alreadyActivated);
      if (!outcome.livestream) navigate(MY_TICKETS_PATH);
      else if (outcome.showId) navigate(`/shows/${encodeURIComponent(outcome.showId)}/player`);
      else setFailure({ kind: 'failed', message: t.alreadyActivated });
    } else {
      setFailure(outcome);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    setIsChecked(true);
    if (Object.keys(problems).length > 0) return;
    void activate(false);
  }

  return (
    <form className="form activation" onSubmit={submit} noValidate>
      <TextField
        label={t.code}
        hint={t.codeHint}
        className="activation__code"
        value={values.code}
        error={shownProblems.code ?? null}
        maxLength={6}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        onChange={(event) => change('code', event.target.value)}
      />
      {mode !== 'session' && (
        <AccountFields
          mode={mode}
          onMode={(next) => {
            setAccountMode(next);
            setFailure(null);
          }}
          values={values}
          problems={shownProblems}
          onChange={change}
        />
      )}
      {hasProblems && (
        <FormAlert>
          <p>{t.fillRed}</p>
        </FormAlert>
      )}
      {failure && (
        <FormAlert tone={failure.isActiveSession ? 'warning' : 'error'}>
          <p>{failure.message}</p>
          {failure.isActiveSession && (
            <button
              type="button"
              className="button button--primary"
              disabled={isBusy}
              onClick={() => void activate(true)}
            >
              {t.forceLogin}
            </button>
          )}
        </FormAlert>
      )}
      <SubmitButton disabled={false} isBusy={isBusy} busyLabel={t.submitting}>
        {t.submit}
      </SubmitButton>
    </form>
  );
}
