import type { Page } from '@playwright/test';

/*
 * A camera for browser tests: `navigator.mediaDevices.getUserMedia` is replaced, before
 * any page script runs, by a canvas's `captureStream()`. The canvas is white until a test
 * holds an image up to it (`showToCamera`, e.g. a ticket's QR from the server's own
 * `/etickets/qr/{code}`), which is then drawn in the middle of the frame ten times a
 * second, as a phone's camera would keep seeing it; `hideFromCamera` takes it away.
 * The constraints asked for (`facingMode: 'environment'`) are recorded for the test.
 */

declare global {
  interface Window {
    __fakeCamera?: {
      show: (url: string) => Promise<void>;
      hide: () => void;
      /** Every `getUserMedia` call's constraints, in order. */
      requests: MediaStreamConstraints[];
      /** Tracks handed out and not stopped yet. */
      liveTracks: () => number;
    };
  }
}

/** Installs the fake camera in every page of `page`'s context opened after this call. */
export async function installFakeCamera(page: Page, size = { width: 640, height: 480 }) {
  await page.addInitScript(({ width, height }) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    let image: HTMLImageElement | null = null;
    const tracks: MediaStreamTrack[] = [];
    const requests: MediaStreamConstraints[] = [];

    const draw = () => {
      if (!context) return;
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      if (image) {
        const side = Math.min(width, height) * 0.8;
        context.drawImage(image, (width - side) / 2, (height - side) / 2, side, side);
      }
    };
    setInterval(draw, 100);

    window.__fakeCamera = {
      show: (url: string) =>
        new Promise<void>((resolve, reject) => {
          const next = new Image();
          next.onload = () => {
            image = next;
            draw();
            resolve();
          };
          next.onerror = () => reject(new Error(`the fake camera could not load ${url}`));
          next.src = url;
        }),
      hide: () => {
        image = null;
        draw();
      },
      requests,
      liveTracks: () => tracks.filter((track) => track.readyState === 'live').length,
    };

    const getUserMedia = async (constraints: MediaStreamConstraints = {}) => {
      requests.push(constraints);
      draw();
      const stream = canvas.captureStream(10);
      tracks.push(...stream.getVideoTracks());
      return stream;
    };
    if (navigator.mediaDevices) {
      Object.defineProperty(navigator.mediaDevices, 'getUserMedia', {
        value: getUserMedia,
        configurable: true,
      });
    }
  }, size);
}

/** Holds the image at `url` (same origin) up to the camera until `hideFromCamera`. */
export async function showToCamera(page: Page, url: string) {
  await page.evaluate((src) => window.__fakeCamera?.show(src), url);
}

export async function hideFromCamera(page: Page) {
  await page.evaluate(() => window.__fakeCamera?.hide());
}

/** What the page asked the camera for, and how many of its tracks are still running. */
export async function cameraUse(page: Page) {
  return page.evaluate(() => ({
    requests: window.__fakeCamera?.requests ?? [],
    liveTracks: window.__fakeCamera?.liveTracks() ?? 0,
  }));
}
