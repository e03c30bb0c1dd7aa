import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { playerTexts as t } from '../player.texts';
import { STALL_MS } from './stream-reconnect';
import { isHlsSource } from './video-source';
import { loadHls } from './load-hls';

/** 001 §2, §9: the player's volume is fixed at 0.8. */
export const PLAYER_VOLUME = 0.8;

type VideoPlayerProps = {
  src: string;
  /** The MIME type when the address does not tell (a curtain's `media_type`). */
  mediaType?: string | null;
  label: string;
  /** A curtain's video plays in a loop. */
  loop?: boolean;
  onEnded?: () => void;
  onLoaded?: () => void;
  /**
   * A live broadcast's source failed or stalled (decision 0058): given, the player says
   * nothing itself and leaves the reconnecting to the caller; without it, a failure
   * shows the "No fue posible cargar el video" line.
   */
  onInterrupted?: () => void;
  onPlaying?: () => void;
  /** Drawn under the video until its first frame (the show's picture, decision 0075). */
  picture?: ReactNode;
};

const NATIVE_HLS = 'application/vnd.apple.mpegurl';

/**
 * One video: MP4 (and HLS where the browser plays it natively, as Safari does) through
 * the element itself, other HLS through hls.js. It starts by itself; when the browser
 * refuses sound without a click, the native controls stay and a line asks to press play.
 */
export function VideoPlayer({
  src,
  mediaType = null,
  label,
  loop = false,
  onEnded,
  onLoaded,
  onInterrupted,
  onPlaying,
  picture = null,
}: VideoPlayerProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const [hasFrame, setHasFrame] = useState(false);
  const showsPicture = picture !== null && !hasFrame;
  const [problem, setProblem] = useState<'press-play' | 'failed' | null>(null);
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;
  const onInterruptedRef = useRef(onInterrupted);
  onInterruptedRef.current = onInterrupted;
  const stallTimer = useRef<number | null>(null);

  const fail = () => {
    if (onInterruptedRef.current) onInterruptedRef.current();
    else setProblem('failed');
  };
  const clearStall = () => {
    if (stallTimer.current !== null) window.clearTimeout(stallTimer.current);
    stallTimer.current = null;
  };
  // A live stream waiting for data longer than STALL_MS has stalled: its caller reconnects.
  // Only `playing` (or the end) clears it: Chrome also sends `timeupdate` as it stalls.
  const watchStall = () => {
    if (!onInterruptedRef.current || stallTimer.current !== null) return;
    stallTimer.current = window.setTimeout(() => {
      stallTimer.current = null;
      onInterruptedRef.current?.();
    }, STALL_MS);
  };
  useEffect(() => clearStall, []);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let isCancelled = false;
    let destroy: (() => void) | null = null;
    setProblem(null);
    video.volume = PLAYER_VOLUME;

    const start = () => {
      const attempt = video.play() as Promise<void> | undefined;
      attempt?.catch(() => {
        if (!isCancelled) setProblem('press-play');
      });
    };

    if (isHlsSource(src, mediaType) && video.canPlayType(NATIVE_HLS) === '') {
      loadHls().then(
        (Hls) => {
          if (isCancelled) return;
          if (!Hls.isSupported()) {
            fail();
            return;
          }
          const hls = new Hls();
          destroy = () => hls.destroy();
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal && !isCancelled) fail();
          });
          hls.loadSource(src);
          hls.attachMedia(video);
          start();
        },
        () => {
          if (!isCancelled) fail();
        },
      );
    } else {
      video.src = src;
      start();
    }

    return () => {
      isCancelled = true;
      clearStall();
      destroy?.();
      video.pause();
      video.removeAttribute('src');
    };
  }, [src, mediaType]);

  return (
    <div className="video-player">
      {showsPicture && picture}
      <video
        ref={ref}
        className={`video-player__video${showsPicture ? ' video-player__video--clear' : ''}`}
        aria-label={label}
        controls
        loop={loop}
        playsInline
        onEnded={() => {
          clearStall();
          onEnded?.();
        }}
        onLoadedData={() => {
          setHasFrame(true);
          onLoadedRef.current?.();
        }}
        onPlaying={() => {
          clearStall();
          setProblem((current) => (current === 'press-play' ? null : current));
          onPlaying?.();
        }}
        onWaiting={watchStall}
        onError={fail}
      />
      {problem && (
        <p className="video-player__notice" role={problem === 'failed' ? 'alert' : 'status'}>
          {problem === 'failed' ? t.video.failed : t.video.pressPlay}
        </p>
      )}
    </div>
  );
}
