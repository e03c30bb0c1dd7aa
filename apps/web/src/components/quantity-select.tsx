type QuantitySelectProps = {
  id: string;
  /** 0, 1, … n, as `quantityOptions` gives them. */
  options: readonly number[];
  quantity: number;
  onQuantity: (quantity: number) => void;
};

/** How many of a ticket or of an open section's places; a quantity past the stock shows the highest. */
export function QuantitySelect({ id, options, quantity, onQuantity }: QuantitySelectProps) {
  return (
    <select
      id={id}
      className="select"
      value={Math.min(quantity, options.length - 1)}
      onChange={(event) => onQuantity(Number(event.target.value))}
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}
