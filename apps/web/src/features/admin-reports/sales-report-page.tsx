import { useSearchParams } from 'react-router-dom';
import { adminReportEndpoints } from '@taquilla/contract/plain';
import type { AdminShow, SalesReport } from '@taquilla/contract';
import { buildUrl } from '../../api/client';
import { useApiQuery } from '../../api/use-api-query';
import { ConsoleSection } from '../../components/console/console-page';
import { ShowConsoleFrame } from '../../components/console/show-console-frame';
import { SelectField } from '../../components/form/select-field';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { adminReportsTexts as t } from './admin-reports.texts';
import './admin-reports.css';
import { instantLabel } from './report-format';
import {
  Attendance,
  ByDayTable,
  ByPaymentTypeTable,
  ByTicketTable,
  TotalsCards,
} from './report-tables';
import { SalesChart } from './sales-chart';

/** The CSV of the same sales: a plain link, so the browser downloads it with the session cookie. */
export function salesCsvUrl(showId: string, dateUid: string | null): string {
  return buildUrl(
    adminReportEndpoints.getSalesReport.path,
    { id: showId },
    { format: 'csv', date_uid: dateUid },
  );
}

/** /admin/shows/:id/report: totals per currency, sales by day, ticket and payment type, attendance. */
export function SalesReportPage() {
  const [params, setParams] = useSearchParams();
  const dateUid = params.get('funcion');
  const chooseDate = (value: string) => setParams(value ? { funcion: value } : {});
  return (
    <ShowConsoleFrame
      section={t.section}
      actions={(show) => (
        <a
          className="button button--secondary"
          href={salesCsvUrl(show._id, dateUid)}
          download
          aria-label={t.downloadCsvLabel(show.fullname)}
        >
          {t.downloadCsv}
        </a>
      )}
    >
      {(show) => <SalesReportBody show={show} dateUid={dateUid} onDate={chooseDate} />}
    </ShowConsoleFrame>
  );
}

function SalesReportBody({
  show,
  dateUid,
  onDate,
}: {
  show: AdminShow;
  dateUid: string | null;
  onDate: (value: string) => void;
}) {
  const report = useApiQuery(adminReportEndpoints.getSalesReport, {
    params: { id: show._id },
    query: dateUid ? { date_uid: dateUid } : {},
  });
  if (report.status === 'loading') return <LoadingSkeleton label={t.loading} />;
  if (report.status === 'error') {
    return <LoadError message={report.error.message} onRetry={report.retry} />;
  }
  return <ReportSections report={report.data} onDate={onDate} />;
}

function ReportSections({
  report,
  onDate,
}: {
  report: SalesReport;
  onDate: (value: string) => void;
}) {
  const dateOptions = [
    { value: '', label: t.allDates },
    ...report.dates.map((date) => ({
      value: date._id,
      label: `${date.fullname} · ${instantLabel(date.show_date)}`,
    })),
  ];
  return (
    <>
      {report.dates.length > 0 && (
        <form
          className="console-filters"
          aria-label={t.filters}
          onSubmit={(event) => event.preventDefault()}
        >
          <SelectField
            label={t.date}
            options={dateOptions}
            value={report.date_uid ?? ''}
            onChange={(event) => onDate(event.target.value)}
          />
        </form>
      )}
      <p className="report-note">
        {t.onlyApproved} {t.generatedAt(instantLabel(report.generated_at))}
      </p>
      <ConsoleSection title={t.totals.title}>
        <TotalsCards totals={report.totals} />
      </ConsoleSection>
      <ConsoleSection title={t.byDay.title}>
        <SalesChart byDay={report.by_day} />
        <ByDayTable rows={report.by_day} />
      </ConsoleSection>
      <ConsoleSection title={t.byTicket.title}>
        <ByTicketTable rows={report.by_ticket} />
      </ConsoleSection>
      <ConsoleSection title={t.byPaymentType.title}>
        <ByPaymentTypeTable rows={report.by_payment_type} />
      </ConsoleSection>
      <ConsoleSection title={t.attendance.title}>
        <Attendance attendance={report.attendance} />
      </ConsoleSection>
    </>
  );
}
