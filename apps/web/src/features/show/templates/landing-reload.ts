import { createContext, useContext } from 'react';

/**
 * What "the page reloads" means after "Activar Código" (002 §2.8): the show page gives
 * its own reload (ask the server again and render everything anew, keeping the toast that
 * says the ticket is active); outside a show page, the browser reloads.
 */
export const LandingReloadContext = createContext<() => void>(() => window.location.reload());

export function useLandingReload(): () => void {
  return useContext(LandingReloadContext);
}
