import { useId, useState } from 'react';
import type { Section, Show, Ticket } from '@taquilla/contract';
import { OPEN_SECTION_MAX, quantityOptions } from '@taquilla/domain';
import { useCart } from '../../../cart/cart-context';
import { useToast } from '../../../components/toast/toast-context';
import { es } from '../../../i18n/es';
import { cardCartBody, cartFailure } from '../purchase/cart-add';
import { QuantitySelect } from '../../../components/quantity-select';

type OpenSectionProps = {
  show: Show;
  saleShowId: string;
  section: Section;
  ticket: Ticket | null;
  price: string;
};

/**
 * An unnumbered area: how many places, at most 10 (000 §9) and never more than are left,
 * held in the cart with "Agregar" ("{n} tickets en sección {name} fueron agregados a tu
 * carrito").
 */
export function OpenSection({ show, saleShowId, section, ticket, price }: OpenSectionProps) {
  const selectId = useId();
  const { addItems } = useCart();
  const toast = useToast();
  const [quantity, setQuantity] = useState(0);
  const [isAdding, setIsAdding] = useState(false);
  const options = quantityOptions({
    max_ticket_quantity: OPEN_SECTION_MAX,
    real_available: section.available,
  });

  async function add() {
    if (!ticket || quantity === 0) return;
    setIsAdding(true);
    try {
      await addItems(
        cardCartBody(show, [{ ticket_uid: ticket._id, show_uid: saleShowId, quantity }]),
      );
      toast.success(es.cart.add.openAdded(quantity, section.name));
      setQuantity(0);
    } catch (error) {
      const failure = cartFailure(es.cart.add.failed, error);
      toast.error(failure.message, failure.action);
    } finally {
      setIsAdding(false);
    }
  }

  return (
    <div className="open-section">
      <p className="open-section__text">
        {es.seatMap.openAvailable(section.available)} · {price}
      </p>
      {options.length <= 1 || !ticket ? (
        <p className="ticket-row__unavailable">{es.seatMap.soldOut}</p>
      ) : (
        <div className="open-section__field">
          <label htmlFor={selectId}>{es.seatMap.openQuantity(section.name)}</label>
          <QuantitySelect
            id={selectId}
            options={options}
            quantity={quantity}
            onQuantity={setQuantity}
          />
          <button
            type="button"
            className="button button--primary"
            disabled={quantity === 0 || isAdding}
            onClick={() => void add()}
          >
            {isAdding ? es.cart.add.adding : es.cart.add.openSection}
          </button>
        </div>
      )}
    </div>
  );
}
