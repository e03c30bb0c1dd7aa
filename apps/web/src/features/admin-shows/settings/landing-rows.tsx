import type { ReactNode } from 'react';
import { replaceAt } from './settings-lists';
import { useRowList } from './settings-rows';

/** What a row editor gets: its item and where its changes go (the list draws its box). */
export type RowProps<T> = {
  item: T;
  index: number;
  onChange: (item: T) => void;
};

/**
 * One list of the landing (socials, gallery, people, downloads) in its own box: its
 * rows in order, each in a box named by `itemLegend` with the row editor's fields and
 * "Subir", "Bajar" and "Quitar" (decision 0035's rules: the
 * focus follows the row, a row with content asks before it goes), and "Añadir" until
 * the contract's limit. Every change commits the whole new list.
 */
export function LandingRows<T>({
  legend,
  items,
  limit,
  empty,
  addLabel,
  newItem,
  itemLegend,
  nameOf,
  hasContent,
  onCommit,
  renderRow,
}: {
  legend: string;
  items: readonly T[];
  limit: number;
  empty: string;
  addLabel: string;
  newItem: () => T;
  /** The legend of a row's box by its position from 1 ("Red social 2"). */
  itemLegend: (position: number) => string;
  nameOf: (item: T, index: number) => string;
  hasContent: (item: T) => boolean;
  onCommit: (items: T[]) => void;
  renderRow: (row: RowProps<T>) => ReactNode;
}) {
  const rows = useRowList({ items, commit: onCommit, nameOf, hasContent });
  return (
    <fieldset className="settings-options">
      <legend className="settings-options__legend">{legend}</legend>
      {items.length === 0 ? (
        <p className="settings-group__note">{empty}</p>
      ) : (
        <ol className="settings-rows">
          {items.map((item, index) => (
            <li key={index} className="settings-row">
              <fieldset className="settings-row__box" ref={rows.register(`${index}:first`)}>
                <legend className="settings-row__legend">{itemLegend(index + 1)}</legend>
                {renderRow({
                  item,
                  index,
                  onChange: (next) => onCommit(replaceAt(items, index, next)),
                })}
                {rows.actionsFor(item, index)}
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      {items.length < limit && (
        <button
          type="button"
          className="button button--secondary"
          ref={rows.register('add')}
          onClick={() => rows.add(newItem())}
        >
          {addLabel}
        </button>
      )}
      {rows.extras}
    </fieldset>
  );
}
