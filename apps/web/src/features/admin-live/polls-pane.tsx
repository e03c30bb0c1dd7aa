import { useState } from 'react';
import { adminPollEndpoints } from '@taquilla/contract/plain';
import type { AdminShow, Poll } from '@taquilla/contract';
import { canActivatePolls, formatPollPercent } from '@taquilla/domain';
import { ConfirmDialog } from '../../components/console/confirm-dialog';
import { ConsoleSection } from '../../components/console/console-page';
import { useApiAction } from '../../components/console/use-api-action';
import { LoadError } from '../../components/load-error';
import { FormAlert } from '../../components/form/form-alert';
import { liveTexts as t } from './admin-live.texts';
import { PollCreateForm } from './poll-create-form';
import { useConsolePolls } from './use-console-polls';

function PollResults({ poll }: { poll: Poll }) {
  return (
    <>
      <ul className="live-poll__results" aria-label={t.polls.results(poll.question)}>
        {poll.results.map((result) => (
          <li key={result.id} className="live-poll__result">
            <span>{result.text}</span>
            <span className="live-poll__numbers">
              {t.polls.votes(result.count)} · {formatPollPercent(result.percent)}
            </span>
            <span className="live-poll__bar" aria-hidden="true">
              <span style={{ width: `${result.percent}%` }} />
            </span>
          </li>
        ))}
      </ul>
      <p className="live-note">{t.polls.total(poll.total)}</p>
    </>
  );
}

/**
 * The show's polls: a form for a new one (a draft), and each poll with its status,
 * Activar (a draft) or Cerrar (the active one, confirmed: a closed poll stays closed),
 * and its results as answers arrive, in percent to two decimals as the player shows.
 */
export function PollsPane({
  showId,
  settings,
}: {
  showId: string;
  settings: AdminShow['settings'];
}) {
  const { polls, loadError, reload, put } = useConsolePolls(showId);
  const [closing, setClosing] = useState<Poll | null>(null);
  const setStatus = useApiAction(adminPollEndpoints.setPollStatus);
  const canActivate = canActivatePolls(settings);

  async function change(poll: Poll, status: 'ACTIVE' | 'CLOSED'): Promise<boolean> {
    const answer = await setStatus.run({
      params: { id: showId, pollId: poll._id },
      body: { status },
    });
    if (answer) put(answer);
    return answer !== null;
  }

  return (
    <ConsoleSection title={t.polls.title}>
      <PollCreateForm showId={showId} onCreated={put} />
      {loadError && <LoadError message={loadError} onRetry={reload} />}
      {setStatus.error && !closing && <FormAlert>{setStatus.error}</FormAlert>}
      {polls !== null && polls.length === 0 && <p className="console-empty">{t.polls.empty}</p>}
      {polls !== null && polls.length > 0 && (
        <ul className="live-polls" aria-label={t.polls.list}>
          {polls.map((poll) => (
            <li key={poll._id} className="live-poll">
              <div className="live-poll__header">
                <h3 className="live-poll__question">{poll.question}</h3>
                <span
                  className={`status-tag live-poll__status--${poll.config.status.toLowerCase()}`}
                >
                  {t.polls.status[poll.config.status]}
                </span>
              </div>
              {poll.config.status === 'DRAFT' && (
                <div className="live-poll__action">
                  <button
                    type="button"
                    className="button button--primary"
                    aria-label={t.polls.activateLabel(poll.question)}
                    aria-describedby={canActivate ? undefined : `live-poll-blocked-${poll._id}`}
                    disabled={setStatus.isBusy || !canActivate}
                    onClick={() => void change(poll, 'ACTIVE')}
                  >
                    {t.polls.activate}
                  </button>
                  {!canActivate && (
                    <p
                      className="live-buttons__hint live-buttons__hint--blocked"
                      id={`live-poll-blocked-${poll._id}`}
                    >
                      {t.polls.activateBlocked}
                    </p>
                  )}
                </div>
              )}
              {poll.config.status === 'ACTIVE' && (
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t.polls.closeLabel(poll.question)}
                  onClick={() => {
                    setStatus.reset();
                    setClosing(poll);
                  }}
                >
                  {t.polls.close}
                </button>
              )}
              {poll.config.status !== 'DRAFT' && <PollResults poll={poll} />}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={closing !== null}
        title={t.polls.confirmClose.title}
        message={t.polls.confirmClose.message}
        confirmLabel={t.polls.confirmClose.confirm}
        error={closing ? setStatus.error : null}
        onClose={() => setClosing(null)}
        onConfirm={async () => {
          if (closing && (await change(closing, 'CLOSED'))) setClosing(null);
        }}
      />
    </ConsoleSection>
  );
}
