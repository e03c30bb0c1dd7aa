import type { ComponentType, ReactNode } from 'react';
import type { Playback, Show, ShowStatus } from '@taquilla/contract';
import { arePollsEnabled, isChatVisible } from '@taquilla/domain';

/**
 * What the player mounts from the chat feature (decision 0026) without importing it:
 * features never import each other, so the route table hands these to the page, as it
 * hands the show page its sale forms.
 */
export type PlayerChat = {
  /** The chat and poll panes for the side column (001 §2). */
  ChatPollPanes: ComponentType<{
    show: Pick<Show, '_id' | 'status' | 'settings'>;
    code?: string | null;
    /** A password show's guest: the playback call's viewer token (decision 0063). */
    viewerToken?: string | null;
    chatReadOnly?: boolean;
    pollReadOnly?: boolean;
    hasMobileLink?: boolean;
  }>;
  /** One device per code (001 §4): its children until another device enters with the code. */
  SingleDeviceGuard: ComponentType<{
    showId: string;
    code: string;
    children: (token: string | null) => ReactNode;
    frame?: (screen: ReactNode) => ReactNode;
  }>;
  /** 001 §2 second-device screen, also for a playback call refused with DEVICE_REPLACED. */
  SecondDeviceScreen: ComponentType;
};

/** What the page knows of the stream when it fills the side column. */
export type SideState = {
  /** The show's status as live control leaves it (`start` makes it LIVE, `end` takes it off). */
  status: ShowStatus;
  /** The organiser sent `end`: the broadcast is over. */
  isOver: boolean;
};

/** Whether the side column holds the panes for a show in `status` (the rule of `chatSide`). */
export function hasChatSide(status: ShowStatus, settings: Show['settings']): boolean {
  return isChatVisible(status, settings) || arePollsEnabled(settings);
}

/**
 * The side column's content: the panes while the chat shows (001 §4: LIVE or TEST, not on
 * demand, chat_visible) or the polls are on; null otherwise, so the video takes the row.
 * After the organiser's `end` both stay to be read, without the box or answering (001 §2
 * read-only modes).
 */
export function chatSide(
  chat: PlayerChat,
  input: { show: Show; playback: Playback; isSignedIn: boolean },
): (state: SideState) => ReactNode {
  const { show, playback, isSignedIn } = input;
  return ({ status, isOver }) => {
    if (!hasChatSide(status, show.settings)) return null;
    return (
      <chat.ChatPollPanes
        show={{ _id: playback.show_uid, status, settings: show.settings }}
        code={playback.code}
        viewerToken={playback.viewer_token}
        chatReadOnly={isOver}
        pollReadOnly={isOver}
        hasMobileLink={isSignedIn}
      />
    );
  };
}
