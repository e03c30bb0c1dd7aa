import { ConsoleSection } from '../../components/console/console-page';
import { liveTexts as t } from './admin-live.texts';
import { useViewerCount } from './use-viewer-count';

const number = new Intl.NumberFormat('es-GT');

/** Who is watching now and the chat's counters, read again every 10 seconds. */
export function ViewerCount({ showId }: { showId: string }) {
  const viewers = useViewerCount(showId);
  const figure = (value: number | undefined) => (value === undefined ? '—' : number.format(value));
  return (
    <ConsoleSection title={t.viewers.title}>
      <dl className="live-counts">
        <div className="live-counts__main">
          <dt>{t.viewers.viewers}</dt>
          <dd>{figure(viewers?.viewers)}</dd>
        </div>
        <div>
          <dt>{t.viewers.messages}</dt>
          <dd>{figure(viewers?.message_count)}</dd>
        </div>
        <div>
          <dt>{t.viewers.sessions}</dt>
          <dd>{figure(viewers?.session_count)}</dd>
        </div>
      </dl>
      <p className="live-note">{t.viewers.refreshed}</p>
    </ConsoleSection>
  );
}
