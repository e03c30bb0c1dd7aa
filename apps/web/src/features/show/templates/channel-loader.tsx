import type { ReactNode } from 'react';
import type { Show, ShowChannel } from '@taquilla/contract';
import { LoadError } from '../../../components/load-error';
import { useSession } from '../../../session/session-context';
import { useShowChannel } from '../api/use-show-channel';
import { landingTexts as t } from './landing.texts';

/** Where a list of cards will be, while it loads. */
export function LandingCardsSkeleton() {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        {t.loading}
      </p>
      <ul className="landing-cards">
        {[0, 1, 2].map((index) => (
          <li key={index} className="skeleton landing-card--skeleton" />
        ))}
      </ul>
    </div>
  );
}

function LoadedChannel({
  showId,
  viewerId,
  children,
}: {
  showId: string;
  viewerId: string | null;
  children: (channel: ShowChannel) => ReactNode;
}) {
  const channel = useShowChannel(showId, viewerId);
  if (channel.status === 'loading') return <LandingCardsSkeleton />;
  if (channel.status === 'error') {
    return <LoadError message={channel.error.message} onRetry={channel.retry} />;
  }
  return children(channel.data);
}

/**
 * A channel's children (channel, series, podcast and artist templates). It waits for the
 * session, so that a signed-in viewer asks once, with `viewer`, and sees their access.
 */
export function ChannelLoader({
  show,
  children,
}: {
  show: Show;
  children: (channel: ShowChannel) => ReactNode;
}) {
  const { status, viewer } = useSession();
  if (status === 'loading') return <LandingCardsSkeleton />;
  const viewerId = status === 'authenticated' ? (viewer?._id ?? null) : null;
  return (
    <LoadedChannel showId={show._id} viewerId={viewerId}>
      {children}
    </LoadedChannel>
  );
}
