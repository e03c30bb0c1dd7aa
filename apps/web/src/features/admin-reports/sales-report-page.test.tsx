import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SalesFigures, SalesReport } from '@taquilla/contract';
import { buildAdminShow, organiserSession } from '../../test/admin-tickets-factory';
import { callsOf, error, renderRoute, stubGateway } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';

const show = buildAdminShow({ fullname: 'Concierto Aniversario', status: 'ACTIVE' });
const SATURDAY = '00000000-0000-4000-8000-00000000a001';

const figures = (
  currency: 'GTQ' | 'USD',
  orders: number,
  places: number,
  [gross, fees, discounts, net]: number[],
): SalesFigures => ({
  currency,
  orders,
  places,
  gross: gross ?? 0,
  fees: fees ?? 0,
  discounts: discounts ?? 0,
  net: net ?? 0,
});

function buildReport(overrides: Partial<SalesReport> = {}): SalesReport {
  return {
    show: { _id: show._id, fullname: show.fullname, show_date: show.show_date, status: 'ACTIVE' },
    dates: [
      {
        _id: SATURDAY,
        fullname: 'Función del sábado',
        show_date: '2027-03-20T02:00:00.000Z',
        status: 'ACTIVE',
      },
    ],
    date_uid: null,
    generated_at: '2027-03-13T18:00:00.000Z',
    totals: [figures('GTQ', 3, 5, [700, 20, 35, 685]), figures('USD', 1, 1, [15, 1, 0, 16])],
    by_ticket: [
      {
        ticket_uid: 't-general',
        name: 'General',
        capacity: 100,
        sold: 9,
        held: 2,
        left: 89,
        places: 5,
        sales: [
          figures('GTQ', 3, 4, [400, 20, 12.78, 407.22]),
          figures('USD', 1, 1, [15, 1, 0, 16]),
        ],
      },
    ],
    by_day: [
      { day: '2027-03-10', ...figures('GTQ', 2, 4, [600, 15, 30, 585]) },
      { day: '2027-03-12', ...figures('GTQ', 1, 1, [100, 5, 5, 100]) },
      { day: '2027-03-12', ...figures('USD', 1, 1, [15, 1, 0, 16]) },
    ],
    by_payment_type: [
      { payment_type: 'CREDIT_CARD', ...figures('GTQ', 2, 3, [300, 15, 5, 310]) },
      { payment_type: 'BANK_DEPOSIT', ...figures('GTQ', 1, 2, [400, 5, 30, 375]) },
    ],
    attendance: { codes_issued: 4, checked_in: 1, activated: 2 },
    ...overrides,
  };
}

function reportGateway(report: (url: URL) => Response) {
  return stubGateway({
    'GET /auth/session': () => jsonResponse(200, organiserSession('Producer')),
    'GET /admin/shows/:id': () => jsonResponse(200, show),
    'GET /admin/reports/shows/:id/sales': ({ url }) => report(url),
  });
}

describe('sales report page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the totals per currency, the chart with its table, tickets, payment types and attendance', async () => {
    reportGateway(() => jsonResponse(200, buildReport()));
    renderRoute(`/admin/shows/${show._id}/report`);

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Concierto Aniversario · Reporte de ventas',
      }),
    ).toBeTruthy();
    const quetzales = await screen.findByRole('region', { name: 'En quetzales' });
    expect(within(quetzales).getByText('Total cobrado').nextSibling?.textContent).toBe('Q 685.00');
    expect(within(quetzales).getByText('Lugares vendidos').nextSibling?.textContent).toBe('5');
    const dollars = screen.getByRole('region', { name: 'En dólares' });
    expect(within(dollars).getByText('Total cobrado').nextSibling?.textContent).toBe('US$ 16.00');

    const chart = screen.getByRole('img', { name: /Lugares vendidos por día/ });
    expect(chart.textContent).toContain('2 días con ventas');
    // 10 March: 4 places; 12 March: 1 in quetzales + 1 in dollars.
    const bars = screen.getAllByTestId('sales-chart-bar');
    expect(bars.map((bar) => bar.querySelector('rect title')?.textContent)).toEqual([
      'mié, 10 mar: 4',
      'vie, 12 mar: 2',
    ]);
    const heights = bars.map((bar) => Number(bar.querySelector('rect')?.getAttribute('height')));
    expect(heights[0]).toBeCloseTo((heights[1] ?? 0) * 2);
    const byDay = screen.getByRole('table', { name: 'Ventas por día (hora de Guatemala)' });
    expect(within(byDay).getAllByRole('row')).toHaveLength(4);

    const tickets = screen.getByRole('table', { name: 'Ventas e inventario por boleto' });
    const general = within(tickets).getByRole('row', { name: /General/ });
    expect(
      within(general)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['100', '9', '2', '89', '5', 'Q 407.22US$ 16.00']);
    const payments = screen.getByRole('table', { name: 'Ventas por forma de pago' });
    expect(within(payments).getByRole('row', { name: /Depósito bancario/ }).textContent).toContain(
      'Q 375.00',
    );
    const attendance = screen.getByRole('region', { name: 'Asistencia' });
    expect(within(attendance).getByText('Ingresaron').nextSibling?.textContent).toBe('1 25 %');
  });

  it('offers the CSV as a plain download link and narrows the report to one date', async () => {
    const fetchMock = reportGateway((url) =>
      jsonResponse(
        200,
        buildReport(
          url.searchParams.get('date_uid') === SATURDAY
            ? { date_uid: SATURDAY, totals: [figures('GTQ', 1, 1, [300, 0, 22.22, 277.78])] }
            : {},
        ),
      ),
    );
    renderRoute(`/admin/shows/${show._id}/report`);

    const link = await screen.findByRole('link', {
      name: 'Descargar CSV de las ventas de Concierto Aniversario',
    });
    expect(link.getAttribute('href')).toBe(`/admin/reports/shows/${show._id}/sales?format=csv`);
    expect(link.hasAttribute('download')).toBe(true);

    fireEvent.change(await screen.findByLabelText('Función'), { target: { value: SATURDAY } });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Descargar CSV/ }).getAttribute('href')).toBe(
        `/admin/reports/shows/${show._id}/sales?format=csv&date_uid=${SATURDAY}`,
      ),
    );
    const quetzales = await screen.findByRole('region', { name: 'En quetzales' });
    await waitFor(() =>
      expect(within(quetzales).getByText('Total cobrado').nextSibling?.textContent).toBe(
        'Q 277.78',
      ),
    );
    const asked = callsOf(fetchMock)
      .filter(({ call }) => call.startsWith('GET /admin/reports'))
      .map(({ url }) => url.searchParams.get('date_uid'));
    expect(asked).toEqual([null, SATURDAY]);
  });

  it('says when nothing was sold yet, and shows a refusal', async () => {
    reportGateway(() =>
      jsonResponse(200, buildReport({ totals: [], by_day: [], by_payment_type: [], dates: [] })),
    );
    renderRoute(`/admin/shows/${show._id}/report`);
    const totals = await screen.findByRole('region', { name: 'Totales' });
    expect(within(totals).getByText('Todavía no hay ventas aprobadas.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Lugares vendidos/ })).toBeNull();
    expect(screen.queryByLabelText('Función')).toBeNull();
  });

  it('shows the server’s refusal of the report', async () => {
    reportGateway(() => error(404, 'SHOW_NOT_FOUND', 'El evento que buscas no existe'));
    renderRoute(`/admin/shows/${show._id}/report`);
    expect(await screen.findByText('El evento que buscas no existe')).toBeTruthy();
  });
});
