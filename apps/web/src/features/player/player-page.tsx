import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Show } from '@taquilla/contract';
import { landingTemplateOf, normalizeWatchCode } from '@taquilla/domain';
import { LoadError } from '../../components/load-error';
import { RouteLoading } from '../../components/route-loading';
import { useToast } from '../../components/toast/toast-context';
import { es } from '../../i18n/es';
import { useSession } from '../../session/session-context';
import { usePlayerAccess } from './api/use-player-access';
import { chatSide, hasChatSide } from './chat-slots';
import type { PlayerChat } from './chat-slots';
import { PlayerLayout } from './layout/player-layout';
import { RealtimeNotice } from './live/realtime-notice';
import { useLiveShow } from './live/use-live-show';
import { playerTexts as t } from './player.texts';
import { CodeEntryForm } from './screens/code-entry-form';
import { StagePicture } from './screens/stage-picture';
import { AccessRevokedScreen, CoverScreen, RegionBlockedScreen } from './screens/player-screens';
import { WatchStage } from './watch-stage';
import './player.css';

/**
 * "Regístrate" under the code form leads to the show's page: where a show with
 * registration is registered for, and the seminar's landing (002 §2.8).
 */
function hasSignupLink(show: Show): boolean {
  return show.settings.registration === true || landingTemplateOf(show.settings) === 'seminar';
}

/** The cover of a show whose status does not play yet: a `start` heard here asks for access again. */
function WaitingStage({
  show,
  notices,
  onStart,
  variant,
}: {
  show: Show;
  notices: ReactNode;
  onStart: () => void;
  variant: 'player' | 'full';
}) {
  const { realtime, sessionEnded, limited } = useLiveShow({
    showId: show._id,
    status: show.status,
    // Heard live, or read as the current event once joined: a `start` said while the page
    // asked for access or joined the channel is acted on too (once per join, never a loop).
    onEvent: (event) => {
      if (event.data.status === 'start' || event.data.status === 'restart') onStart();
    },
  });
  return (
    <PlayerLayout
      variant={variant}
      title={show.fullname}
      notices={
        <>
          <RealtimeNotice realtime={realtime} sessionEnded={sessionEnded} limited={limited} />
          {notices}
        </>
      }
      stage={<CoverScreen show={show} />}
    />
  );
}

/**
 * `/shows/{id}/player` (and `/shows/{id}/full`): 002 §4's load flow and 001 §2's
 * screens. `?code=` is read upper-cased (001 §5); `?activated=1` (after "Activar
 * Código") says the ticket is active. The server decides access; this page shows its
 * answer: the video, the code form, the cover, the region screen, or a redirect.
 *
 * `chat` is the chat feature's part (decision 0026), handed in by the route table: the
 * one-device rule around the granted player, and on `/player` the chat and poll panes in
 * the side column (`/full` shows the film alone).
 */
export function PlayerPage({
  variant = 'player',
  chat,
  resolved,
  show: routeShow = null,
}: {
  variant?: 'player' | 'full';
  /** Null while the chat's code still loads: the page waits for it only to mount the video. */
  chat: PlayerChat | null;
  /** The show as the route read it (decision 0075): drawn at once, asked for access after. */
  show?: Show | null;
  /**
   * A vanity player (`/{path}/player`, `/{festival}/{film}/player`): the show its address
   * resolved to and the addresses to link back to, instead of `/shows/:id`.
   */
  resolved?: { showId: string; pagePath: string; playerPath: string };
}) {
  const { id: routeId = '' } = useParams();
  const id = resolved?.showId ?? routeId;
  const isSignedIn = useSession().status === 'authenticated';
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const rawCode = params.get('code');
  const code = rawCode && rawCode.trim() !== '' ? normalizeWatchCode(rawCode) : null;
  const isJustActivated = params.get('activated') === '1';
  const load = usePlayerAccess({ showId: id, code, isJustActivated, show: routeShow });
  // The socket closed because the ticket was revoked (4403, decision 0064): the video stops.
  const [revoked, setRevoked] = useState<{ showId: string; message: string } | null>(null);
  const access = load.status === 'ready' ? load.access : null;
  const showTitle = load.status === 'ready' ? (load.show?.fullname ?? null) : null;

  useEffect(() => {
    document.title = es.documentTitle(showTitle ?? t.documentTitle);
  }, [showTitle]);

  const redirect = access?.kind === 'redirect' ? access : null;
  useEffect(() => {
    if (!redirect) return;
    if (redirect.message) toast.info(redirect.message);
    navigate(redirect.to, { replace: true });
  }, [redirect, navigate, toast]);

  // While access is asked (or the chat's code loads): the show's frame and picture when the
  // route has read it (decision 0075), with the chat's column kept empty where the panes will
  // be, so nothing moves when they come; else nothing yet.
  const waiting = () =>
    routeShow?._id === id && access?.kind !== 'redirect' ? (
      <PlayerLayout
        variant={variant}
        title={routeShow.fullname}
        side={
          variant === 'player' && hasChatSide(routeShow.status, routeShow.settings) ? (
            <div className="player-side__waiting" aria-busy="true" />
          ) : null
        }
        stage={
          <>
            <StagePicture show={routeShow} />
            <p className="visually-hidden" role="status">
              {t.loading}
            </p>
          </>
        }
      />
    ) : (
      <RouteLoading label={t.loading} />
    );
  if (load.status === 'loading' || !access || access.kind === 'redirect') return waiting();
  const { show } = load;
  const notices = isJustActivated ? (
    <p className="player-notice player-notice--success" role="status">
      {t.activated}
    </p>
  ) : null;
  const showPath = resolved?.pagePath ?? `/shows/${encodeURIComponent(id)}`;
  const playerPath =
    resolved?.playerPath ?? (variant === 'full' ? `${showPath}/full` : `${showPath}/player`);

  const revokedMessage =
    access.kind === 'revoked' ? access.message : revoked?.showId === id ? revoked.message : null;
  if (revokedMessage !== null) {
    return (
      <PlayerLayout
        variant={variant}
        title={show?.fullname ?? null}
        stage={<AccessRevokedScreen message={revokedMessage} showPath={showPath} />}
      />
    );
  }

  switch (access.kind) {
    case 'granted': {
      if (!chat) return waiting();
      const { playback } = access;
      const renderSide =
        variant === 'player' && show ? chatSide(chat, { show, playback, isSignedIn }) : undefined;
      return (
        <chat.SingleDeviceGuard
          key={`${playback.show_uid} ${playback.code}`}
          showId={playback.show_uid}
          code={playback.code}
          frame={(screen) => (
            <PlayerLayout variant={variant} title={show?.fullname ?? null} stage={screen} />
          )}
        >
          {(token) => (
            <WatchStage
              key={playback.show_uid}
              show={show}
              playback={playback}
              geo={load.geo}
              notices={notices}
              variant={variant}
              onStart={() => load.reload(token)}
              renderSide={renderSide}
              onAccessRevoked={(message) => setRevoked({ showId: id, message })}
            />
          )}
        </chat.SingleDeviceGuard>
      );
    }
    case 'replaced':
      if (!chat) return waiting();
      return (
        <PlayerLayout
          variant={variant}
          title={show?.fullname ?? null}
          stage={<chat.SecondDeviceScreen />}
        />
      );
    case 'cover':
      if (show) {
        return (
          <WaitingStage
            key={`${show._id} ${show.status}`}
            show={show}
            notices={notices}
            onStart={load.retry}
            variant={variant}
          />
        );
      }
      break;
    case 'code':
      if (show) {
        return (
          <PlayerLayout
            variant={variant}
            title={show.fullname}
            stage={
              <CodeEntryForm
                key={code ?? ''}
                showUid={show._id}
                error={access.error}
                signupPath={hasSignupLink(show) ? showPath : null}
                onValid={(valid) => navigate(`${playerPath}?code=${encodeURIComponent(valid)}`)}
              />
            }
          />
        );
      }
      break;
    case 'region':
      return (
        <PlayerLayout
          variant={variant}
          title={show?.fullname ?? null}
          stage={<RegionBlockedScreen showPath={showPath} />}
        />
      );
    case 'failed':
      return (
        <PlayerLayout
          variant={variant}
          title={show?.fullname ?? null}
          stage={<LoadError message={access.error.message} onRetry={load.retry} />}
        />
      );
  }
  return (
    <PlayerLayout
      variant={variant}
      title={null}
      stage={<LoadError message={t.loadFailed} onRetry={load.retry} />}
    />
  );
}
