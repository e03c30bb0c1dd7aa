import { useState } from 'react';
import type { AdminShow, AdminShowEventBody, ShowEvent } from '@taquilla/contract';
import { liveEventsBlock } from '@taquilla/domain';
import type { ShowEventStatus, ShowStatus } from '@taquilla/domain';
import { adminLiveEndpoints } from '@taquilla/contract/plain';
import { ConfirmDialog } from '../../components/console/confirm-dialog';
import { ConsoleSection } from '../../components/console/console-page';
import { ShowStatusTag } from '../../components/console/show-status-tag';
import { useApiAction } from '../../components/console/use-api-action';
import { FormAlert } from '../../components/form/form-alert';
import { liveTexts as t } from './admin-live.texts';
import { CurtainForm } from './curtain-form';
import { useLiveState } from './use-live-state';

const BUTTONS: readonly ShowEventStatus[] = ['start', 'restart', 'issues', 'curtain', 'end'];
const BUTTON_TONE: Record<ShowEventStatus, string> = {
  start: 'button--primary',
  restart: 'button--secondary',
  issues: 'button--secondary',
  curtain: 'button--secondary',
  end: 'button--danger',
};

function describeEvent(event: ShowEvent): string {
  const { status, metadata } = event.data;
  if (status !== 'curtain') return t.describe[status];
  return metadata?.message1 ? t.describe.curtainStatic(metadata.message1) : t.describe.curtainVideo;
}

function timeOf(iso: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('es-GT', { timeStyle: 'short', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('es-GT', { timeStyle: 'short' }).format(new Date(iso));
  }
}

/**
 * The broadcast's controls (POST /admin/shows/{id}/events): the show's status as the
 * last answer left it, the last event sent (from any screen), and one big button per
 * event. Reiniciar and Terminar ask first; Telón opens its form.
 */
export function EventControls({
  show,
  status,
  onStatus,
}: {
  show: AdminShow;
  /** The show's status as the last event's answer left it. */
  status: ShowStatus;
  onStatus: (status: ShowStatus) => void;
}) {
  const [confirming, setConfirming] = useState<'restart' | 'end' | null>(null);
  const [isCurtainOpen, setCurtainOpen] = useState(false);
  const [flash, setFlash] = useState<{ tone: 'success' | 'warning'; text: string } | null>(null);
  const live = useLiveState(show._id);
  const action = useApiAction(adminLiveEndpoints.createShowEvent);

  async function send(body: AdminShowEventBody): Promise<boolean> {
    setFlash(null);
    const answer = await action.run({ params: { id: show._id }, body });
    if (!answer) return false;
    onStatus(answer.show_status);
    live.sent(answer.event);
    setFlash(
      answer.published
        ? { tone: 'success', text: t.controls.sent(t.events[body.status]) }
        : { tone: 'warning', text: t.controls.notPublished },
    );
    return true;
  }

  function press(event: ShowEventStatus) {
    action.reset();
    if (event === 'restart' || event === 'end') setConfirming(event);
    else if (event === 'curtain') setCurtainOpen(true);
    else void send({ status: event });
  }

  const confirm = confirming === 'end' ? t.confirmEnd : t.confirmRestart;
  // The API refuses every event in these statuses: the buttons say so instead of failing.
  const blocked = liveEventsBlock(status);
  return (
    <ConsoleSection title={t.controls.title}>
      <dl className="live-facts">
        <div>
          <dt>{t.controls.status}</dt>
          <dd>
            <ShowStatusTag status={status} />
          </dd>
        </div>
        <div>
          <dt>{t.controls.current}</dt>
          <dd>
            {live.event ? (
              <>
                {describeEvent(live.event)}
                <span className="live-facts__time">
                  {' · '}
                  {t.controls.sentAt(timeOf(live.event.data.created_at, show.timezone))}
                </span>
              </>
            ) : (
              t.controls.none
            )}
          </dd>
        </div>
      </dl>
      {blocked && (
        <p className="live-blocked-note" id="live-blocked-help">
          {t.eventsBlockedHelp[blocked]}
        </p>
      )}
      <div className="live-buttons">
        {BUTTONS.map((event) => (
          <div key={event} className="live-buttons__item">
            <button
              type="button"
              className={`button button--large live-buttons__button ${BUTTON_TONE[event]}`}
              aria-describedby={`live-hint-${event}${blocked ? ' live-blocked-help' : ''}`}
              aria-expanded={event === 'curtain' ? isCurtainOpen : undefined}
              disabled={action.isBusy || blocked !== null}
              onClick={() => press(event)}
            >
              {t.events[event]}
            </button>
            <p
              className={`live-buttons__hint${blocked ? ' live-buttons__hint--blocked' : ''}`}
              id={`live-hint-${event}`}
            >
              {blocked ? t.eventsBlocked[blocked] : t.eventHints[event]}
            </p>
          </div>
        ))}
      </div>
      {isCurtainOpen && !blocked && (
        <CurtainForm
          isBusy={action.isBusy}
          serverErrors={action.fieldErrors}
          onSend={async (body) => {
            const isSent = await send(body);
            if (isSent) setCurtainOpen(false);
            return isSent;
          }}
          onCancel={() => setCurtainOpen(false)}
        />
      )}
      {action.error && !confirming && Object.keys(action.fieldErrors).length === 0 && (
        <FormAlert>{action.error}</FormAlert>
      )}
      {flash && <FormAlert tone={flash.tone}>{flash.text}</FormAlert>}
      <ConfirmDialog
        isOpen={confirming !== null}
        title={confirm.title}
        message={confirm.message}
        confirmLabel={confirm.confirm}
        error={confirming ? action.error : null}
        onClose={() => {
          setConfirming(null);
          action.reset();
        }}
        onConfirm={async () => {
          if (!confirming) return;
          if (await send({ status: confirming })) setConfirming(null);
        }}
      />
    </ConsoleSection>
  );
}
