import { consoleTexts } from './console-texts';

export type PageInfo = { total: number; page: number; page_size: number };

/**
 * The control under a server-paginated list (`{ items, total, page, page_size }`):
 * "21–40 de 153" with Anterior / Siguiente. Pages are numbered from 1.
 */
export function Pager({ info, onPage }: { info: PageInfo; onPage: (page: number) => void }) {
  const { total, page, page_size: size } = info;
  const from = total === 0 ? 0 : (page - 1) * size + 1;
  const to = Math.min(total, page * size);
  const lastPage = Math.max(1, Math.ceil(total / size));
  return (
    <nav className="pager" aria-label={consoleTexts.pager.label}>
      <button
        type="button"
        className="button button--secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {consoleTexts.pager.previous}
      </button>
      <span className="pager__summary" aria-live="polite">
        {consoleTexts.pager.summary(from, to, total)}
      </span>
      <button
        type="button"
        className="button button--secondary"
        disabled={page >= lastPage}
        onClick={() => onPage(page + 1)}
      >
        {consoleTexts.pager.next}
      </button>
    </nav>
  );
}
