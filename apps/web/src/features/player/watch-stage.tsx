import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { GeoLocation, Playback, Show, ShowEvent, ShowStatus } from '@taquilla/contract';
import { DEFAULT_TIME_ZONE, showStatusAfterLiveEvent } from '@taquilla/domain';
import { reportPlayerEvent } from './api/player-stats';
import type { SideState } from './chat-slots';
import { LanguageToggle } from './layout/language-toggle';
import { PlayerLayout } from './layout/player-layout';
import { PlaylistPanel } from './layout/playlist-panel';
import { RealtimeNotice } from './live/realtime-notice';
import { useLiveShow } from './live/use-live-show';
import { playerTexts as t } from './player.texts';
import {
  CoverScreen,
  CurtainScreen,
  EndedScreen,
  ReconnectingScreen,
} from './screens/player-screens';
import { isLiveBroadcast } from './video/stream-reconnect';
import { useStreamReconnect } from './video/use-stream-reconnect';
import { VideoPlayer } from './video/video-player';
import { StagePicture } from './screens/stage-picture';
import { hasLanguageVersions, listedItems, nextItem, videoSource } from './video/video-source';
import type { VideoLanguage } from './video/video-source';

type WatchStageProps = {
  show: Show | null;
  playback: Playback;
  geo: GeoLocation | null;
  notices?: ReactNode;
  variant: 'player' | 'full';
  /** `start` or `restart` heard: the page asks for the playback again (fresh sources and status). */
  onStart?: () => void;
  /** The side column (the chat and poll panes), from the stream's status; null leaves the row to the video. */
  renderSide?: (state: SideState) => ReactNode;
  /** The ticket this page watches with was revoked (4403, decision 0064): the page stops and says why. */
  onAccessRevoked?: (message: string) => void;
};

/** The status as the events heard since this playback answer leave it (decision 0024's table). */
function useLiveStatus(playback: Playback, vod: boolean) {
  const [heard, setHeard] = useState<{ from: Playback; status: ShowStatus } | null>(null);
  const status = heard?.from === playback ? heard.status : playback.status;
  const onEvent = (event: ShowEvent) => {
    setHeard((current) => {
      const before = current?.from === playback ? current.status : playback.status;
      const after = showStatusAfterLiveEvent(before, event.data.status, { vod });
      return after === before ? current : { from: playback, status: after };
    });
  };
  return { status, onEvent };
}

/**
 * The player once access holds: the video as live control leaves it (001 §4: curtain,
 * ended, waiting for `start`), the language toggle, the playlist with autoplay, the side
 * panes while they apply, and "Reconectando…" while the realtime connection is down.
 * Mounted once per show, so its live view starts fresh; a playback answer asked again
 * after `start` updates it in place (the video keeps playing when its source is the same).
 */
export function WatchStage({
  show,
  playback,
  geo,
  notices,
  variant,
  onStart,
  renderSide,
  onAccessRevoked,
}: WatchStageProps) {
  const live = useLiveStatus(playback, show?.settings.vod === true);
  const { view, realtime, sessionEnded, limited } = useLiveShow({
    showId: playback.show_uid,
    status: playback.status,
    // Only what is heard live: the current event read on joining is already in the
    // playback answer this stage was drawn from.
    onEvent: (event, { joinedLate }) => {
      if (joinedLate) return;
      live.onEvent(event);
      if (event.data.status === 'start' || event.data.status === 'restart') onStart?.();
    },
    onAccessRevoked,
  });
  const [language, setLanguage] = useState<VideoLanguage>('es');
  const [pickedItemId, setPickedItemId] = useState<string | null>(null);
  // The video finished by itself at this load (videoKey): the ended screen, until a start reloads.
  const [finishedAt, setFinishedAt] = useState<string | null>(null);
  const [hasReportedLoad, setHasReportedLoad] = useState(false);

  useEffect(() => {
    reportPlayerEvent({ showUid: playback.show_uid, action: 'ready', geo, code: playback.code });
  }, [playback.show_uid, playback.code, geo]);

  const source = videoSource(playback, { itemId: pickedItemId, language });
  const loadKey = `${source?.url ?? ''}#${source?.itemId ?? ''}#${view.videoKey}`;
  const isEnded = view.ended || finishedAt === loadKey;
  // The end of the file is not the end of a live broadcast (decision 0058): only `end`
  // (view.ended) or the show's status ends it; meanwhile the stream reconnects.
  const isLive = isLiveBroadcast(live.status, source?.itemId ?? null);
  const stream = useStreamReconnect({ loadKey, isLive, onRetry: onStart });
  const items = listedItems(playback);
  const coverShow = {
    _id: playback.show_uid,
    status: playback.status,
    show_date: show?.show_date ?? '',
    timezone: show?.timezone ?? DEFAULT_TIME_ZONE,
  };

  function onVideoEnded() {
    if (isLive) {
      stream.interrupted();
      return;
    }
    const next = source?.itemId ? nextItem(playback, source.itemId) : null;
    if (next) setPickedItemId(next._id);
    else setFinishedAt(loadKey);
  }

  function onVideoLoaded() {
    if (hasReportedLoad) return;
    setHasReportedLoad(true);
    reportPlayerEvent({ showUid: playback.show_uid, action: 'loaded', geo, code: playback.code });
  }

  let stage: ReactNode;
  if (isEnded) stage = <EndedScreen />;
  else if (view.curtain) stage = <CurtainScreen curtain={view.curtain} />;
  else if (!view.isOnAir || !source) stage = <CoverScreen show={coverShow} />;
  else if (stream.phase === 'waiting') stage = <ReconnectingScreen />;
  else {
    stage = (
      <VideoPlayer
        key={`${loadKey}#${stream.retries}`}
        src={source.url}
        label={show?.fullname ?? t.video.label}
        onEnded={onVideoEnded}
        onLoaded={onVideoLoaded}
        onInterrupted={isLive ? stream.interrupted : undefined}
        onPlaying={stream.playing}
        picture={<StagePicture show={show} />}
      />
    );
  }
  const isRetrying = !isEnded && stream.phase === 'retrying';

  const showsToggle = hasLanguageVersions(playback) && !isEnded && !view.curtain;
  return (
    <PlayerLayout
      variant={variant}
      title={show?.fullname ?? null}
      headerExtra={
        showsToggle ? (
          <LanguageToggle
            language={language}
            onChange={(next) => {
              setLanguage(next);
              setPickedItemId(null);
            }}
          />
        ) : null
      }
      notices={
        <>
          <RealtimeNotice realtime={realtime} sessionEnded={sessionEnded} limited={limited} />
          {isRetrying && (
            <p className="player-notice player-notice--warning" role="status">
              <strong>{t.stream.reconnecting}</strong> {t.stream.reconnectingHint}
            </p>
          )}
          {notices}
        </>
      }
      stage={stage}
      side={renderSide?.({ status: live.status, isOver: view.ended }) ?? null}
      below={
        items.length > 0 ? (
          <PlaylistPanel
            items={items}
            playingId={isEnded ? null : (source?.itemId ?? null)}
            onPick={(itemId) => {
              setPickedItemId(itemId);
              setFinishedAt(null);
            }}
          />
        ) : null
      }
    />
  );
}
