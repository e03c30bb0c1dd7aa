import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type * as ZXingReader from 'zxing-wasm/reader';

type Reader = typeof ZXingReader;

let reader: Promise<Reader> | null = null;

/**
 * ZXing's reader build, loaded on first use (the camera's button), with its .wasm
 * served by us: Vite emits the file with the build and `?url` names it, so nothing is
 * fetched from a CDN (the library's default). The module is downloaded and compiled
 * once, right away, so the first frame is read without waiting.
 */
export function loadQrReader(): Promise<Reader> {
  reader ??= import('zxing-wasm/reader').then(async (zxing) => {
    await zxing.prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) =>
          path.endsWith('.wasm') ? wasmUrl : prefix + path,
      },
      fireImmediately: true,
    });
    return zxing;
  });
  reader.catch(() => {
    // A failed download may be retried with the next press of the button.
    reader = null;
  });
  return reader;
}

/** The text of the QR code in a video frame, or null when it holds none. */
export async function readQrText(image: ImageData): Promise<string | null> {
  const zxing = await loadQrReader();
  const [result] = await zxing.readBarcodes(image, {
    formats: ['QRCode'],
    maxNumberOfSymbols: 1,
    tryHarder: true,
  });
  return result?.isValid && result.text ? result.text : null;
}
