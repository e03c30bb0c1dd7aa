import { useMatches } from 'react-router-dom';

/**
 * Per-route data read by the shell. Player pages (/shows/:id/player,
 * /shows/:id/chat) declare `handle: { layout: 'player' }` to hide the menu and
 * the footer (002 §1, §2.7). The organiser console (`/admin`) declares
 * `layout: 'console'`: the menu stays, the public footer goes (the console has its own
 * navigation).
 */
export type RouteLayout = 'default' | 'player' | 'console';
export type RouteHandle = { layout?: RouteLayout };

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'layout' in value;
}

export function useRouteLayout(): RouteLayout {
  const matches = useMatches();
  // The deepest route that states a layout wins.
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle) && handle.layout) return handle.layout;
  }
  return 'default';
}
