import { useSearchParams } from 'react-router-dom';
import { adminAccessCodeEndpoints } from '@taquilla/contract/plain';
import type { AdminAccessCode } from '@taquilla/contract';
import { buildUrl } from '../../api/client';
import { useApiQuery } from '../../api/use-api-query';
import { ConsoleSection } from '../../components/console/console-page';
import { consoleTexts } from '../../components/console/console-texts';
import { Pager } from '../../components/console/pager';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { accessCodesTexts as t } from './admin-access-codes.texts';
import { ConsoleTable } from '../../components/console/console-table-box';

export const CODES_PAGE_SIZE = 50;

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

function CodeRow({ code, format }: { code: AdminAccessCode; format: (iso: string) => string }) {
  return (
    <tr>
      <td className="codes-table__code">{code.code}</td>
      <td>
        <span
          className={`status-tag${code.active ? ' status-tag--active' : ' status-tag--closed'}`}
        >
          {code.active ? t.list.active : t.list.inactive}
        </span>
      </td>
      <td>{code.expires_on ? format(code.expires_on) : t.list.never}</td>
      <td>{code.used_at ? t.list.usedAt(format(code.used_at)) : t.list.unused}</td>
      <td>{format(code.createdAt)}</td>
    </tr>
  );
}

/**
 * The show's codes, a server page at a time (`?page=` in the URL), newest first, and
 * every code as CSV through a plain download link (`?format=csv`, the session's cookie).
 */
export function AccessCodesTable({ showId, timeZone }: { showId: string; timeZone: string }) {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const codes = useApiQuery(adminAccessCodeEndpoints.listAccessCodes, {
    params: { id: showId },
    query: { page: String(page), page_size: String(CODES_PAGE_SIZE) },
  });
  const dates = new Intl.DateTimeFormat('es-GT', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  const csvHref = buildUrl(
    adminAccessCodeEndpoints.listAccessCodes.path,
    { id: showId },
    {
      format: 'csv',
    },
  );
  const goTo = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next <= 1) copy.delete('page');
      else copy.set('page', String(next));
      return copy;
    });

  return (
    <ConsoleSection
      title={t.list.title}
      actions={
        <a className="button button--secondary" href={csvHref} download>
          {t.list.download}
        </a>
      }
    >
      {codes.status === 'loading' && <LoadingSkeleton label={consoleTexts.loading} />}
      {codes.status === 'error' && (
        <LoadError message={codes.error.message} onRetry={codes.retry} />
      )}
      {codes.status === 'success' && codes.data.total === 0 && (
        <p className="console-empty">{t.list.empty}</p>
      )}
      {codes.status === 'success' && codes.data.total > 0 && (
        <>
          <ConsoleTable
            label={t.list.caption}
            columns={[
              { label: t.list.code },
              { label: t.list.state },
              { label: t.list.expires },
              { label: t.list.used },
              { label: t.list.created },
            ]}
          >
            {codes.data.items.map((code) => (
              <CodeRow key={code._id} code={code} format={(iso) => dates.format(new Date(iso))} />
            ))}
          </ConsoleTable>
          <p className="codes-note">{t.list.usedNote}</p>
          <Pager info={codes.data} onPage={goTo} />
        </>
      )}
    </ConsoleSection>
  );
}
