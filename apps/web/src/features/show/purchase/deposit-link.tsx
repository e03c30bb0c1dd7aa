import { Link } from 'react-router-dom';
import { ExternalLink } from '../../../components/external-link';
import { es } from '../../../i18n/es';

/** The quick-buy link of a deposit show: a page of this site, or another site's address. */
export function DepositLink({ href }: { href: string }) {
  if (href.trim() === '') return null;
  const className = 'button button--primary';
  return (
    <div className="deposit-link">
      <p className="deposit-link__text">{es.purchase.depositHint}</p>
      {/^https?:\/\//i.test(href) ? (
        <ExternalLink href={href} className={className}>
          {es.purchase.depositLink}
        </ExternalLink>
      ) : (
        <Link to={href} className={className}>
          {es.purchase.depositLink}
        </Link>
      )}
    </div>
  );
}
