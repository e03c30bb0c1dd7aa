import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ContentImage, WIDE_BOX } from './content-image';

const SHOW = '3f2b6a43-9b7e-4c1a-8f6d-2a1b3c4d5e6f';
const UPLOAD = `http://localhost:3000/storage/public/shows/${SHOW}/main_image-9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a`;

function sourcesOf(container: HTMLElement) {
  return [...container.querySelectorAll('picture > source')].map((source) => ({
    media: source.getAttribute('media'),
    type: source.getAttribute('type'),
    srcset: source.getAttribute('srcset'),
    sizes: source.getAttribute('sizes'),
  }));
}

describe('content image', () => {
  it('offers an uploaded image’s WebP copies by width, with the original as the <img>, lazily', () => {
    const { container } = render(
      <ContentImage
        src={`${UPLOAD}.jpg`}
        alt="Afiche"
        box={WIDE_BOX}
        sizes="(max-width: 599px) 100vw, 400px"
      />,
    );
    expect(sourcesOf(container)).toEqual([
      {
        media: null,
        type: 'image/webp',
        srcset: `${UPLOAD}-480w.webp 480w, ${UPLOAD}-960w.webp 960w, ${UPLOAD}-1600w.webp 1600w`,
        sizes: '(max-width: 599px) 100vw, 400px',
      },
    ]);
    const image = container.querySelector('picture > img');
    expect(image?.getAttribute('src')).toBe(`${UPLOAD}.jpg`);
    expect(image?.getAttribute('alt')).toBe('Afiche');
    // Its box before it arrives: nothing below it moves.
    expect(image?.getAttribute('width')).toBe('1600');
    expect(image?.getAttribute('height')).toBe('900');
    expect(image?.getAttribute('loading')).toBe('lazy');
    expect(image?.getAttribute('decoding')).toBe('async');
    expect(image?.hasAttribute('fetchpriority')).toBe(false);
  });

  it('asks for the page’s main image first and at once', () => {
    const { container } = render(
      <ContentImage src={`${UPLOAD}.png`} alt="" box={WIDE_BOX} sizes="100vw" priority />,
    );
    const image = container.querySelector('img');
    expect(image?.getAttribute('fetchpriority')).toBe('high');
    expect(image?.hasAttribute('loading')).toBe(false);
    expect(image?.hasAttribute('decoding')).toBe(false);
    expect(sourcesOf(container)[0]?.sizes).toBe('100vw');
  });

  it('shows any other address as it is, still with its box: demo art, another site, a link with a query', () => {
    for (const src of [
      '/images/demo/noche-de-gala-sinfonica.svg',
      'https://cdn.example.com/afiche.jpg',
      `${UPLOAD}.jpg?v=2`,
    ]) {
      const { container, unmount } = render(
        <ContentImage src={src} alt="" box={WIDE_BOX} sizes="100vw" />,
      );
      expect(container.querySelector('picture'), src).toBeNull();
      const image = container.querySelector('img');
      expect(image?.getAttribute('src')).toBe(src);
      expect(image?.hasAttribute('srcset')).toBe(false);
      expect(image?.getAttribute('width')).toBe('1600');
      expect(image?.getAttribute('height')).toBe('900');
      unmount();
    }
  });

  it('falls back to the original when a copy is missing, and reports the original failing', () => {
    const onError = vi.fn();
    const { container } = render(
      <ContentImage src={`${UPLOAD}.jpg`} alt="" box={WIDE_BOX} sizes="100vw" onError={onError} />,
    );
    // An image stored before copies were made: the browser's pick of them fails.
    fireEvent.error(container.querySelector('img')!);
    expect(onError).not.toHaveBeenCalled();
    expect(container.querySelector('source')).toBeNull();
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe(`${UPLOAD}.jpg`);
    expect(image?.getAttribute('width')).toBe('1600');

    fireEvent.error(image!);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('shows a header’s phone version under 900 px, each with its copies and its own box', () => {
    const NARROW = UPLOAD.replace('main_image', 'channel_image_mobile');
    const { container } = render(
      <ContentImage
        src={`${UPLOAD}.jpg`}
        alt=""
        box={{ width: 1440, height: 480 }}
        narrow={{ src: `${NARROW}.png`, box: { width: 720, height: 720 } }}
        sizes="100vw"
        priority
      />,
    );
    expect(sourcesOf(container)).toEqual([
      {
        media: '(max-width: 899px)',
        type: 'image/webp',
        srcset: `${NARROW}-480w.webp 480w, ${NARROW}-960w.webp 960w, ${NARROW}-1600w.webp 1600w`,
        sizes: '100vw',
      },
      { media: '(max-width: 899px)', type: null, srcset: `${NARROW}.png`, sizes: null },
      {
        media: null,
        type: 'image/webp',
        srcset: `${UPLOAD}-480w.webp 480w, ${UPLOAD}-960w.webp 960w, ${UPLOAD}-1600w.webp 1600w`,
        sizes: '100vw',
      },
    ]);
    const narrowSource = container.querySelector('source[media]');
    expect(narrowSource?.getAttribute('width')).toBe('720');
    expect(narrowSource?.getAttribute('height')).toBe('720');
    expect(container.querySelector('img')?.getAttribute('height')).toBe('480');
  });
});
