import { useLayoutEffect } from 'react';
import type { RefObject } from 'react';

/** The CSS variable holding the sticky menu's height, countdown included (toast.css). */
export const HEADER_HEIGHT_VAR = '--site-header-height';

/**
 * Keeps `--site-header-height` on the document equal to the menu's height as it changes
 * (the cart's countdown comes and goes, the menu wraps on a phone), so what floats below
 * the menu (the toasts) starts under it instead of covering the countdown. Removed when
 * the menu leaves (the player has none).
 *
 * The height is read from the ResizeObserver's entries, which the browser delivers after
 * its own layout (the first one as soon as the menu is laid out), and written only when
 * it changes. Reading `offsetHeight` while the first view is being committed forced the
 * whole page's style and layout inside that task, the longest of the page's start-up on a
 * phone; the toasts never need the height before the first frame.
 */
export function useHeaderHeight(header: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    let written: number | null = null;
    const write = (height: number) => {
      if (height === written) return;
      written = height;
      root.style.setProperty(HEADER_HEIGHT_VAR, `${height}px`);
    };
    if (typeof ResizeObserver === 'undefined') {
      write(element.offsetHeight);
      return () => root.style.removeProperty(HEADER_HEIGHT_VAR);
    }
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      const box = entry?.borderBoxSize?.[0];
      // offsetHeight is already laid out here; older engines lack borderBoxSize.
      write(box ? Math.round(box.blockSize) : element.offsetHeight);
    });
    observer.observe(element, { box: 'border-box' });
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEADER_HEIGHT_VAR);
    };
  }, [header]);
}
