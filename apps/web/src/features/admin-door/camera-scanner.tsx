import { useCallback, useEffect, useRef, useState } from 'react';
import { doorTexts } from './admin-door.texts';
import { loadQrReader, readQrText } from './qr-reader';

const t = doorTexts.camera;

/** A frame every 200 ms is five reads a second: quick at a door, light on a phone. */
const FRAME_INTERVAL_MS = 200;
/** Frames are scaled down to this side before reading: a QR held up fills far fewer pixels. */
const MAX_FRAME_SIDE = 720;

type CameraState =
  | { status: 'off' }
  | { status: 'starting' }
  | { status: 'on' }
  | { status: 'error'; message: string };

function cameraErrorMessage(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return t.denied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return t.missing;
  return t.failed;
}

/**
 * The phone's rear camera, started only on the button's press and stopped with the
 * other button, when the page is left or hidden (a locked phone). Frames are drawn to
 * a canvas and read by ZXing for QR codes only; every text read goes to `onRead`,
 * which decides what a repeat is.
 */
export function CameraScanner({ onRead }: { onRead: (text: string) => void }) {
  const [state, setState] = useState<CameraState>({ status: 'off' });
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const runRef = useRef(0);
  const onReadRef = useRef(onRead);
  useEffect(() => {
    onReadRef.current = onRead;
  }, [onRead]);

  const release = useCallback(() => {
    runRef.current += 1;
    if (timerRef.current !== null) clearTimeout(timerRef.current);
    timerRef.current = null;
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  const stop = useCallback(() => {
    release();
    setState({ status: 'off' });
  }, [release]);

  const scanLoop = useCallback(
    (run: number) => {
      const canvas = document.createElement('canvas');
      const context = canvas.getContext('2d', { willReadFrequently: true });
      const frame = async () => {
        if (run !== runRef.current) return;
        const video = videoRef.current;
        try {
          if (context && video && video.readyState >= 2 && video.videoWidth > 0) {
            const side = Math.max(video.videoWidth, video.videoHeight);
            const scale = Math.min(1, MAX_FRAME_SIDE / side);
            canvas.width = Math.round(video.videoWidth * scale);
            canvas.height = Math.round(video.videoHeight * scale);
            context.drawImage(video, 0, 0, canvas.width, canvas.height);
            const text = await readQrText(context.getImageData(0, 0, canvas.width, canvas.height));
            if (text && run === runRef.current) onReadRef.current(text);
          }
        } catch {
          if (run !== runRef.current) return;
          release();
          setState({ status: 'error', message: t.failed });
          return;
        }
        if (run === runRef.current)
          timerRef.current = setTimeout(() => void frame(), FRAME_INTERVAL_MS);
      };
      void frame();
    },
    [release],
  );

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ status: 'error', message: t.insecure });
      return;
    }
    release();
    const run = runRef.current;
    setState({ status: 'starting' });
    try {
      const [stream] = await Promise.all([
        navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        }),
        loadQrReader(),
      ]);
      if (run !== runRef.current) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) throw new Error('no video element');
      video.srcObject = stream;
      await video.play();
      setState({ status: 'on' });
      scanLoop(run);
    } catch (error) {
      if (run !== runRef.current) return;
      release();
      setState({ status: 'error', message: cameraErrorMessage(error) });
    }
  }, [release, scanLoop]);

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden' && streamRef.current) stop();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      release();
    };
  }, [release, stop]);

  const isLive = state.status === 'on' || state.status === 'starting';
  return (
    <div className="door-camera">
      {isLive ? (
        <button type="button" className="button button--secondary door-button" onClick={stop}>
          {t.stop}
        </button>
      ) : (
        <button
          type="button"
          className="button button--primary door-button"
          onClick={() => void start()}
        >
          {t.start}
        </button>
      )}
      <div className="door-camera__frame" hidden={!isLive}>
        <video
          ref={videoRef}
          className="door-camera__video"
          muted
          playsInline
          aria-label={t.video}
        />
      </div>
      {state.status === 'starting' && <p className="door-camera__note">{t.starting}</p>}
      {state.status === 'on' && <p className="door-camera__note">{t.hint}</p>}
      {state.status === 'error' && (
        <p className="door-camera__error" role="status">
          {state.message}
        </p>
      )}
    </div>
  );
}
