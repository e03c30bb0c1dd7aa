import { useId } from 'react';
import type { Section } from '@taquilla/contract';
import { OPEN_SECTION_MAX, quantityOptions } from '@taquilla/domain';
import { es } from '../../../i18n/es';
import { QuantitySelect } from '../quantity-select';

type OpenSectionProps = {
  section: Section;
  price: string;
  quantity: number;
  onQuantity: (quantity: number) => void;
};

/** An unnumbered area: how many places, at most 10 (000 §9) and never more than are left. */
export function OpenSection({ section, price, quantity, onQuantity }: OpenSectionProps) {
  const selectId = useId();
  const options = quantityOptions({
    max_ticket_quantity: OPEN_SECTION_MAX,
    real_available: section.available,
  });
  return (
    <div className="open-section">
      <p className="open-section__text">
        {es.seatMap.openAvailable(section.available)} · {price}
      </p>
      {options.length <= 1 ? (
        <p className="ticket-row__unavailable">{es.seatMap.soldOut}</p>
      ) : (
        <div className="open-section__field">
          <label htmlFor={selectId}>{es.seatMap.openQuantity(section.name)}</label>
          <QuantitySelect
            id={selectId}
            options={options}
            quantity={quantity}
            onQuantity={onQuantity}
          />
        </div>
      )}
    </div>
  );
}
