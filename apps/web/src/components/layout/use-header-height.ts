import { useLayoutEffect } from 'react';
import type { RefObject } from 'react';

/** The CSS variable holding the sticky menu's height, countdown included (toast.css). */
export const HEADER_HEIGHT_VAR = '--site-header-height';

/**
 * Keeps `--site-header-height` on the document equal to the menu's height as it changes
 * (the cart's countdown comes and goes, the menu wraps on a phone), so what floats below
 * the menu (the toasts) starts under it instead of covering the countdown. Removed when
 * the menu leaves (the player has none).
 */
export function useHeaderHeight(header: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const write = () => root.style.setProperty(HEADER_HEIGHT_VAR, `${element.offsetHeight}px`);
    write();
    if (typeof ResizeObserver === 'undefined')
      return () => root.style.removeProperty(HEADER_HEIGHT_VAR);
    const observer = new ResizeObserver(write);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEADER_HEIGHT_VAR);
    };
  }, [header]);
}
