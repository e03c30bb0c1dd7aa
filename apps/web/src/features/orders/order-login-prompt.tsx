import { useId } from 'react';
import { es } from '../../i18n/es';
import type { OrderLoginPrompt } from './api/use-order';
import { OrderStatusBadge } from './order-status';
import { orderTexts } from './orders.texts';

const t = orderTexts.prompt;

/**
 * /login, back to the account's orders (000 §2, decision 0014). The form is not
 * prefilled: the prompt's e-mail is masked (decision 0066), not an address to sign in with.
 */
const LOGIN_HREF = '/login?redirect=/account';

/**
 * What a visitor who is not the order's owner sees (they get only `{_id, status, email}`,
 * the e-mail masked: `a•••@gmail.com`): the status, which account to sign in with, and a
 * box that opens the login in a new tab.
 */
export function OrderLoginPromptBox({ prompt }: { prompt: OrderLoginPrompt }) {
  const titleId = useId();
  return (
    <section className="card order-prompt" aria-labelledby={titleId}>
      <OrderStatusBadge status={prompt.status} />
      <h2 className="order-prompt__title" id={titleId}>
        {t.title}
      </h2>
      <p className="order-prompt__text">{t.text(prompt.email)}</p>
      <a
        className="button button--primary"
        href={LOGIN_HREF}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t.login}
        <span className="visually-hidden"> {es.menu.opensInNewTab}</span>
      </a>
    </section>
  );
}
