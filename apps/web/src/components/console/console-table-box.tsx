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
