import { LoadError } from '../../components/load-error';
import { es } from '../../i18n/es';
import { BillboardHero, BillboardHeroSkeleton } from './billboard-hero';
import { ShowCard, ShowCardSkeleton } from './show-card';
import { useBillboardShows, useUpcomingShows } from './use-home-shows';
import './home.css';

const SKELETON_CARDS = 4;

function Billboard() {
  const billboard = useBillboardShows();
  if (billboard.status === 'loading') return <BillboardHeroSkeleton />;
  if (billboard.status === 'error') {
    return (
      <div className="home__section">
        <h1 className="visually-hidden">{es.home.title}</h1>
        <LoadError message={billboard.error.message} onRetry={billboard.retry} />
      </div>
    );
  }
  const [featured] = billboard.data.items;
  // Without a featured show the page still needs its level-one heading.
  if (!featured) return <h1 className="visually-hidden">{es.home.title}</h1>;
  return <BillboardHero show={featured} />;
}

function UpcomingShows() {
  const upcoming = useUpcomingShows();
  return (
    <section className="home__section" aria-labelledby="upcoming-title">
      <h2 className="home__section-title" id="upcoming-title">
        {es.home.upcoming}
      </h2>
      {upcoming.status === 'loading' && (
        <div className="show-grid" aria-busy="true">
          <span className="visually-hidden" role="status">
            {es.status.loading}
          </span>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <ShowCardSkeleton key={index} />
          ))}
        </div>
      )}
      {upcoming.status === 'error' && (
        <LoadError message={upcoming.error.message} onRetry={upcoming.retry} />
      )}
      {upcoming.status === 'success' &&
        (upcoming.data.items.length === 0 ? (
          <p className="home__empty">{es.home.noUpcoming}</p>
        ) : (
          <ul className="show-grid">
            {upcoming.data.items.map((show) => (
              <li key={show._id}>
                <ShowCard show={show} />
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

export function HomePage() {
  return (
    <div className="home">
      <title>{es.documentTitle()}</title>
      <Billboard />
      <UpcomingShows />
    </div>
  );
}
