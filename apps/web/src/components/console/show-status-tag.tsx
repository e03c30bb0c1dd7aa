import type { ShowStatus } from '@taquilla/domain';
import { consoleTexts } from './console-texts';
import './console.css';

/** A show's status in the console, in words and colour ("Borrador", "En vivo"…). */
export function ShowStatusTag({ status }: { status: ShowStatus }) {
  return (
    <span className={`status-tag status-tag--${status.toLowerCase()}`}>
      {consoleTexts.showStatus[status]}
    </span>
  );
}
