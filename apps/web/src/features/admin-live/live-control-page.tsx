import { useState } from 'react';
import type { AdminShow } from '@taquilla/contract';
import type { ShowStatus } from '@taquilla/domain';
import { ShowConsoleFrame } from '../../components/console/show-console-frame';
import { liveTexts as t } from './admin-live.texts';
import { ChatModerationPane } from './chat-moderation-pane';
import { EventControls } from './event-controls';
import { PollsPane } from './polls-pane';
import { ViewerCount } from './viewer-count';
import './admin-live.css';

function LiveRoom({ show, onShowChanged }: { show: AdminShow; onShowChanged: () => void }) {
  // Events move the show (start: LIVE; end: REPLAY or CLOSED); the chat joins again then.
  const [status, setStatus] = useState<ShowStatus>(show.status);
  return (
    <div className="live-room">
      <div className="live-room__column">
        <EventControls
          show={show}
          status={status}
          onStatus={(next) => {
            setStatus(next);
            // The frame reads the show again (the title's status tag), keeping the room mounted.
            onShowChanged();
          }}
        />
        <ViewerCount showId={show._id} />
      </div>
      <div className="live-room__column">
        <ChatModerationPane showId={show._id} showStatus={status} settings={show.settings} />
        <PollsPane showId={show._id} settings={show.settings} />
      </div>
    </div>
  );
}

/**
 * The live control room (/admin/shows/:id/live): on a desktop the broadcast's controls
 * and the audience at the left, the chat and the polls at the right; on a phone one
 * column in that order.
 */
export function LiveControlPage() {
  return (
    <ShowConsoleFrame section={t.section}>
      {(show, reload) => <LiveRoom key={show._id} show={show} onShowChanged={reload} />}
    </ShowConsoleFrame>
  );
}
