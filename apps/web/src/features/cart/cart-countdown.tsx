import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatCountdown, remainingMs } from '@taquilla/domain';
import { useCart } from '../../cart/cart-context';
import { es } from '../../i18n/es';
import { money } from '../../cart/cart-money';
import './cart-countdown.css';

const t = es.cart.countdown;

/** Milliseconds left until `validThru`, updated every second. */
function useTimeLeft(validThru: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!validThru) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [validThru]);
  return validThru ? remainingMs(validThru, now) : 0;
}

/**
 * The banner under the menu while the cart holds something (000 §2, §4): the time left
 * of the ten minutes, the number of tickets and the total. When the time is over the
 * holds are gone on the server, so the page reloads (`onExpire`).
 */
const reloadPage = () => window.location.reload();

export function CartCountdown({ onExpire = reloadPage }: { onExpire?: () => void }) {
  const { cart, count } = useCart();
  const validThru = cart && cart.items.length > 0 ? cart.valid_thru : null;
  const left = useTimeLeft(validThru);
  const isOver = validThru !== null && left === 0;

  useEffect(() => {
    if (isOver) onExpire();
  }, [isOver, onExpire]);

  if (!cart || !validThru) return null;
  const time = formatCountdown(left);
  return (
    <div className={`cart-countdown${left < 60_000 ? ' cart-countdown--ending' : ''}`}>
      <p className="cart-countdown__text" role="timer" aria-label={t.label}>
        {isOver ? t.expired : t.text(time, count, money(cart.total, cart.currency))}
      </p>
      <Link to="/cart" className="cart-countdown__link">
        {t.goToCart}
      </Link>
    </div>
  );
}
