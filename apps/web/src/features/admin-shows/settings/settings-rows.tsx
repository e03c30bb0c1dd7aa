import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/console/confirm-dialog';
import { moveItem, removeAt } from './settings-lists';
import { settingsTexts } from './settings.texts';

const t = settingsTexts.rows;

/** What a row control registers under: `0:up`, `2:remove`, `1:first` (its first input), `add`. */
export type RowFocusTarget = `${number}:${'up' | 'down' | 'remove' | 'first'}` | 'add';
export type RegisterFocus = (target: RowFocusTarget) => (element: HTMLElement | null) => void;

const FOCUSABLE = 'input, select, textarea, button';

/**
 * The keyboard stays where the person is: after a move the focus follows the moved row
 * (its other arrow when the first one turned off at the end of the list), after a
 * removal it goes to the next row's "Quitar" (or "Añadir" when none is left), after an
 * addition to the new row's first input (a row registers its
 * box under `first`; the box's first control takes the focus). Rows are keyed by position, so the target is
 * known before the parent draws the new list; the focus moves once it has.
 */
function useRowFocus() {
  const elements = useRef(new Map<RowFocusTarget, HTMLElement>());
  const pending = useRef<RowFocusTarget | null>(null);
  useEffect(() => {
    const target = pending.current;
    if (target === null) return;
    const element = elements.current.get(target);
    if (element) {
      const control = element.matches(FOCUSABLE)
        ? element
        : element.querySelector<HTMLElement>(FOCUSABLE);
      (control ?? element).focus();
      pending.current = null;
    }
  });
  const register: RegisterFocus = (target) => (element) => {
    if (element) elements.current.set(target, element);
    else elements.current.delete(target);
  };
  const focusLater = (target: RowFocusTarget) => {
    pending.current = target;
  };
  return { register, focusLater };
}

/**
 * Add, move and remove for a list that lives in the settings: every change goes to
 * `commit` with the whole new list; removing a row with content asks first (it is gone
 * from the show once saved); each move or removal is announced to screen readers.
 */
export function useRowList<T>({
  items,
  commit,
  nameOf,
  hasContent,
}: {
  items: readonly T[];
  commit: (next: T[]) => void;
  nameOf: (item: T, index: number) => string;
  /** Rows with content ask before they go; without it every row goes at once. */
  hasContent?: (item: T) => boolean;
}) {
  const { register, focusLater } = useRowFocus();
  const [announcement, setAnnouncement] = useState('');
  const [removing, setRemoving] = useState<number | null>(null);

  const move = (from: number, to: number) => {
    const item = items[from];
    if (item === undefined || to < 0 || to >= items.length) return;
    commit(moveItem(items, from, to));
    const direction = to < from ? 'up' : 'down';
    const edge = to === 0 ? 'down' : to === items.length - 1 ? 'up' : direction;
    focusLater(`${to}:${edge}`);
    setAnnouncement(t.moved(nameOf(item, from), to + 1, items.length));
  };

  const removeNow = (index: number) => {
    const item = items[index];
    setRemoving(null);
    if (item === undefined) return;
    commit(removeAt(items, index));
    const left = items.length - 1;
    focusLater(left === 0 ? 'add' : `${Math.min(index, left - 1)}:remove`);
    setAnnouncement(t.removed(nameOf(item, index)));
  };

  const remove = (index: number) => {
    const item = items[index];
    if (item !== undefined && hasContent?.(item)) setRemoving(index);
    else removeNow(index);
  };

  const add = (item: T) => {
    commit([...items, item]);
    focusLater(`${items.length}:first`);
  };

  const removingItem = removing === null ? undefined : items[removing];
  const extras: ReactNode = (
    <>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {hasContent && (
        <ConfirmDialog
          isOpen={removingItem !== undefined}
          title={t.confirmTitle}
          message={
            removingItem !== undefined && removing !== null
              ? t.confirmMessage(nameOf(removingItem, removing))
              : ''
          }
          confirmLabel={t.confirmLabel}
          onConfirm={() => {
            if (removing !== null) removeNow(removing);
          }}
          onClose={() => setRemoving(null)}
        />
      )}
    </>
  );

  /** The row's "Subir", "Bajar" and "Quitar", wired to this list. */
  const actionsFor = (item: T, index: number): ReactNode => (
    <RowActions
      index={index}
      count={items.length}
      name={nameOf(item, index)}
      register={register}
      onMove={move}
      onRemove={remove}
    />
  );

  return { register, move, remove, add, actionsFor, extras };
}

/** A row's "Subir", "Bajar" and "Quitar", each naming the row for screen readers. */
function RowActions({
  index,
  count,
  name,
  register,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  name: string;
  register: RegisterFocus;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <div className="settings-row__actions">
      <button
        type="button"
        className="button button--secondary"
        ref={register(`${index}:up`)}
        aria-label={t.moveUpLabel(name)}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <span aria-hidden="true">↑</span> {t.moveUp}
      </button>
      <button
        type="button"
        className="button button--secondary"
        ref={register(`${index}:down`)}
        aria-label={t.moveDownLabel(name)}
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <span aria-hidden="true">↓</span> {t.moveDown}
      </button>
      <button
        type="button"
        className="button button--danger"
        ref={register(`${index}:remove`)}
        aria-label={t.removeLabel(name)}
        onClick={() => onRemove(index)}
      >
        {t.remove}
      </button>
    </div>
  );
}

/** The group's messages that no input shows, so none is lost. */
export function OtherErrors({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="settings-other-errors" role="alert">
      <p>{t.otherErrors}</p>
      <ul>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
