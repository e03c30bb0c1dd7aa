import type { ReactNode } from 'react';
import { chatTexts as t } from './player-chat.texts';
import { useSingleDevice } from './use-single-device';
import './player-chat.css';

/** 001 §2 second-device screen: it replaces the player and asks to reload. */
export function SecondDeviceScreen({ onReload }: { onReload?: () => void }) {
  return (
    <div className="second-device" role="alert">
      <h2 className="second-device__title">{t.device.title}</h2>
      <p className="second-device__text">{t.device.text}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={onReload ?? (() => window.location.reload())}
      >
        {t.device.reload}
      </button>
    </div>
  );
}

type SingleDeviceGuardProps = {
  showId: string;
  /** The playback call's `code`. */
  code: string;
  /** The player; a function gets this device's token (for GET …/playback?device=). */
  children: ReactNode | ((token: string | null) => ReactNode);
  /** Puts SecondDeviceScreen in the page's frame (the player's header and boxes); bare without it. */
  frame?: (screen: ReactNode) => ReactNode;
};

/**
 * The single-device rule as a component, for a page that mounts it around its player:
 * the children while this device holds the code, SecondDeviceScreen once another device
 * or browser entered with it (001 §4).
 */
export function SingleDeviceGuard({ showId, code, children, frame }: SingleDeviceGuardProps) {
  const device = useSingleDevice(showId, code);
  if (device.status === 'replaced') {
    return <>{frame ? frame(<SecondDeviceScreen />) : <SecondDeviceScreen />}</>;
  }
  return <>{typeof children === 'function' ? children(device.token) : children}</>;
}
