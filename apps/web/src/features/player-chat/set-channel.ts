/** Who joins a show's chat or polls channel, as the page knows it (001 §7 setChannel). */
export type ChannelJoiner = {
  channel: string;
  /** The show's `_id` (channels name shows by id, not by vanity path). */
  showId: string;
  /** The access code of a no-login or password show. */
  code: string | null;
  /** The mobile chat link's token. */
  s: string | null;
  /** A password show's guest's viewer token (decision 0063), read at each join. */
  viewerToken: string | null;
};

/** The `setChannel` message that joins the chat or the polls, sent at every (re)connection. */
export function setChannelMessage({ channel, showId, code, s, viewerToken }: ChannelJoiner) {
  return {
    action: 'setChannel',
    channel_id: channel,
    show_uid: showId,
    ...(code ? { code } : {}),
    ...(s ? { s } : {}),
    ...(viewerToken ? { viewer_token: viewerToken } : {}),
  };
}
