import type { Cart, CartItem } from '@taquilla/contract';
import { DEFAULT_TIME_ZONE } from '@taquilla/domain';
import { lineAmounts, money } from '../../cart/cart-money';
import { es } from '../../i18n/es';
import { ContentImage } from '../content-image';
import type { ImageBox } from '../content-image';
import { formatShowDate } from '../shows/show-presentation';
import './cart.css';

/** A line's picture is drawn 16:10 (cart.css). */
const CART_LINE_BOX: ImageBox = { width: 480, height: 300 };

const t = es.cart;

type CartItemListProps = {
  cart: Cart;
  /** Checkout's payment step shows the lines without their remove links. */
  isReadOnly?: boolean;
  /** Lines being removed: their link waits. */
  removing?: ReadonlySet<string>;
  onRemove?: (item: CartItem) => void;
};

/** The cart's lines (000 §2): what each ticket is, where and when, and what it costs. */
export function CartItemList({
  cart,
  isReadOnly = false,
  removing = new Set(),
  onRemove,
}: CartItemListProps) {
  return (
    <ul className="cart-items" aria-label={t.itemsLabel}>
      {cart.items.map((item) => (
        <CartItemRow
          key={item._id}
          item={item}
          cart={cart}
          isRemoving={removing.has(item._id)}
          onRemove={isReadOnly ? undefined : onRemove}
        />
      ))}
    </ul>
  );
}

function CartItemRow({
  item,
  cart,
  isRemoving,
  onRemove,
}: {
  item: CartItem;
  cart: Cart;
  isRemoving: boolean;
  onRemove: ((item: CartItem) => void) | undefined;
}) {
  const amounts = lineAmounts(item, cart.currency);
  const unit = amounts.discountPrice > 0 ? amounts.discountPrice : amounts.price;
  const isOnline = item.show_type.toLowerCase() === 'online';
  const { section, row, seat, door } = item.location;
  return (
    <li className="cart-item card">
      {item.image ? (
        <ContentImage
          className="cart-item__image"
          src={item.image}
          alt=""
          box={CART_LINE_BOX}
          sizes="(max-width: 599px) 84px, 112px"
        />
      ) : (
        <div className="cart-item__image cart-item__image--empty" aria-hidden="true" />
      )}
      <div className="cart-item__body">
        <p className="cart-item__badges">
          <span className={`badge${isOnline ? ' badge--online' : ''}`}>
            {isOnline ? t.online : item.venue}
          </span>
          {section && <span className="badge cart-item__section">{t.section(section)}</span>}
          {door && <span className="badge cart-item__door">{t.door(door)}</span>}
        </p>
        <h3 className="cart-item__title">{item.title}</h3>
        <p className="cart-item__show">
          {item.show_name} ·{' '}
          <time dateTime={item.show_date}>
            {formatShowDate({ show_date: item.show_date, timezone: DEFAULT_TIME_ZONE })}
          </time>
        </p>
        {item.description && <p className="cart-item__description">{item.description}</p>}
        {seat && <p className="cart-item__seat">{t.seat(row, seat)}</p>}
        {item.note && <p className="cart-item__note">{item.note}</p>}
        {item.bundle_items.length > 0 && (
          <div className="cart-item__bundle">
            <span>{t.bundle}:</span>
            <ul>
              {item.bundle_items.map((bundle) => (
                <li key={bundle.ticket_uid}>
                  {t.bundleItem(bundle.quantity, bundle.description ?? bundle.code)}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="cart-item__money">
        <span className="cart-item__quantity">{t.quantity(item.quantity)}</span>
        {item.quantity > 1 && (
          <span className="cart-item__unit">{t.unitPrice(money(unit, cart.currency))}</span>
        )}
        <strong className="cart-item__price">{money(amounts.totalPrice, cart.currency)}</strong>
        {amounts.totalFee > 0 && (
          <span className="cart-item__fee">{t.fee(money(amounts.totalFee, cart.currency))}</span>
        )}
        {onRemove && (
          <button
            type="button"
            className="link-button cart-item__remove"
            aria-label={t.removeLabel(item.title)}
            disabled={isRemoving}
            onClick={() => onRemove(item)}
          >
            {t.remove}
          </button>
        )}
      </div>
    </li>
  );
}
