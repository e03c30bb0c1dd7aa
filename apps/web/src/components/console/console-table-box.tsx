import type { ReactNode } from 'react';
import './console.css';

/**
 * The box a console table scrolls sideways in on a phone. It can take the keyboard's
 * focus (arrow keys scroll it: a table of plain text has nothing else to focus) and is
 * a group named after its table, so a screen reader says what the stop is (a group, not
 * a region: the section around it is already the page's landmark of that name).
 */
export function ConsoleTableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="console-table-box" role="group" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** One column of a console table: its header, and whether it holds figures (right-aligned). */
export type ConsoleColumn = { label: ReactNode; numeric?: boolean };

/**
 * A console list as a table in its scrolling box, named (caption and box) by `label`,
 * with one header row of `columns`; `children` are the body's rows.
 */
export function ConsoleTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: readonly ConsoleColumn[];
  children: ReactNode;
}) {
  return (
    <ConsoleTableBox label={label}>
      <table className="console-table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={column.numeric ? 'numeric' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ConsoleTableBox>
  );
}
