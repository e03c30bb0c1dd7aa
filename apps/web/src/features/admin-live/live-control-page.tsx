import { ShowConsoleFrame } from '../../components/console/show-console-frame';
import { liveTexts as t } from './admin-live.texts';
import { ChatModerationPane } from './chat-moderation-pane';
import { EventControls } from './event-controls';
import { PollsPane } from './polls-pane';
import { ViewerCount } from './viewer-count';
import './admin-live.css';

/**
 * The live control room (/admin/shows/:id/live): on a desktop the broadcast's controls
 * and the audience at the left, the chat and the polls at the right; on a phone one
 * column in that order.
 */
export function LiveControlPage() {
  return (
    <ShowConsoleFrame section={t.section}>
      {(show) => (
        <div className="live-room">
          <div className="live-room__column">
            <EventControls key={show._id} show={show} />
            <ViewerCount showId={show._id} />
          </div>
          <div className="live-room__column">
            <ChatModerationPane showId={show._id} />
            <PollsPane showId={show._id} />
          </div>
        </div>
      )}
    </ShowConsoleFrame>
  );
}
