import type { ReactNode, Ref } from 'react';
import { replaceAt } from './settings-lists';
import { RowActions, useRowList } from './settings-rows';

/** What a row editor gets: its item, where its changes go, its box's focus and its actions. */
export type RowProps<T> = {
  item: T;
  index: number;
  onChange: (item: T) => void;
  boxRef: Ref<HTMLFieldSetElement>;
  actions: ReactNode;
};

/**
 * One list of the landing (socials, gallery, people, downloads) in its own box: its
 * rows in order, each with "Subir", "Bajar" and "Quitar" (decision 0035's rules: the
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
              {renderRow({
                item,
                index,
                onChange: (next) => onCommit(replaceAt(items, index, next)),
                boxRef: rows.register(`${index}:first`),
                actions: (
                  <RowActions
                    index={index}
                    count={items.length}
                    name={nameOf(item, index)}
                    register={rows.register}
                    onMove={rows.move}
                    onRemove={rows.remove}
                  />
                ),
              })}
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
