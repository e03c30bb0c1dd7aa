import { Link } from 'react-router-dom';
import type { ShowChannel, Ticket } from '@taquilla/contract';
import { areSalesShown, availabilityLabel, ticketAvailability } from '@taquilla/domain';
import { showPath, showTimeZone } from '../../../components/shows/show-presentation';
import { landingTexts as t } from './landing.texts';

type Child = ShowChannel['children'][number];

/** Why a tier cannot be bought now, or null when it can (000 §4 sale window and stock). */
function notOnSaleReason(child: Child, ticket: Ticket, now: Date): string | null {
  if (!areSalesShown(child.show.status)) return t.artist.notOnSale;
  const availability = ticketAvailability({ ...ticket, now });
  return availability.state === 'AVAILABLE'
    ? null
    : (availabilityLabel(availability, showTimeZone(child.show)) ?? t.artist.notOnSale);
}

function Tier({ child, ticket, showName }: { child: Child; ticket: Ticket; showName: boolean }) {
  const reason = notOnSaleReason(child, ticket, new Date());
  const name = showName ? t.artist.tierOf(ticket.fullname, child.show.fullname) : ticket.fullname;
  return (
    <li className={`landing-tier${reason ? ' landing-tier--disabled' : ''}`}>
      <h3 className="landing-tier__name">{name}</h3>
      {ticket.description && <p className="landing-card__text">{ticket.description}</p>}
      <p className="landing-tier__price">
        {ticket.price_text}
        {ticket.price_usd_text && (
          <span className="landing-card__meta"> · {ticket.price_usd_text}</span>
        )}
      </p>
      {reason ? (
        <button type="button" className="button button--secondary" disabled>
          {reason}
        </button>
      ) : (
        <Link
          to={showPath(child.show)}
          className="button button--primary"
          aria-label={t.artist.buyTier(name)}
        >
          {t.artist.buy}
        </Link>
      )}
    </li>
  );
}

/**
 * The artist's tiers (002 §2.8: virtual and in-person): every ticket of every listed
 * presentation, its price in quetzales and dollars, bought on the presentation's page;
 * a tier not on sale says why and cannot be chosen.
 */
export function ArtistTiers({ presentations }: { presentations: Child[] }) {
  const tiers = presentations.flatMap((child) =>
    child.tickets.map((ticket) => ({ child, ticket })),
  );
  if (tiers.length === 0) return <p className="landing-section__text">{t.artist.noTiers}</p>;
  const showName = presentations.filter((child) => child.tickets.length > 0).length > 1;
  return (
    <ul className="landing-tiers">
      {tiers.map(({ child, ticket }) => (
        <Tier
          key={`${child.show._id} ${ticket._id}`}
          child={child}
          ticket={ticket}
          showName={showName}
        />
      ))}
    </ul>
  );
}
