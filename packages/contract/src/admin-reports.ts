import { z } from 'zod';
import { adminShowParamsSchema } from './admin-fields.ts';
import { currencySchema, isoDateTimeSchema } from './common.ts';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';
import { ORDER_PAYMENT_TYPES } from './orders.ts';
import { showStatusSchema } from './shows.ts';
import { amountSchema } from './tickets.ts';

// A show's sales report in the organiser API (ORGANISER-API.md, decision 0030;
// code in apps/api/src/modules/admin/admin-reports.*). Only APPROVED orders are
// sales; a show's report takes in its child dates (funciones) unless `date_uid`
// names one. Amounts are per currency: quetzales and dollars are never added.

/** The ways an order may have been paid, `CODE` included (how activation records a redeemed code). */
export const REPORT_PAYMENT_TYPES = [...ORDER_PAYMENT_TYPES, 'CODE'] as const;
export const reportPaymentTypeSchema = z.enum(REPORT_PAYMENT_TYPES);
export type ReportPaymentType = z.infer<typeof reportPaymentTypeSchema>;

/** GET /admin/reports/shows/{id}/sales */
export const adminSalesReportQuerySchema = z.object({
  /** `csv`: one row per sold order line, for a spreadsheet (decision 0030). */
  format: z.enum(['json', 'csv']).optional(),
  /** Only this child date (función) of the show. */
  date_uid: z.uuid({ message: 'Identificador de función inválido' }).optional(),
});
export type AdminSalesReportQuery = z.infer<typeof adminSalesReportQuerySchema>;

/**
 * The figures of a group of sales in one currency. `gross`: the tickets' prices
 * (after quantity discounts); `fees`: service fees charged on top; `discounts`:
 * promo-code discounts (an order's discount shared among its lines); `net`:
 * gross + fees − discounts, what buyers paid.
 */
export const salesFiguresSchema = z.object({
  currency: currencySchema,
  orders: z.number().int().min(0),
  places: z.number().int().min(0),
  gross: amountSchema,
  fees: amountSchema,
  discounts: amountSchema,
  net: amountSchema,
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

export const salesReportShowSchema = z.object({
  _id: z.string(),
  fullname: z.string(),
  show_date: isoDateTimeSchema,
  status: showStatusSchema,
});

export const salesByTicketSchema = z.object({
  ticket_uid: z.string(),
  name: z.string(),
  /** Places it may sell in the report's dates (a dated ticket's capacity is per date). */
  capacity: z.number().int().min(0),
  /** Units in orders still standing (approved, or waiting for payment or a deposit's review). */
  sold: z.number().int().min(0),
  /** Units in carts holding them right now. */
  held: z.number().int().min(0),
  left: z.number().int().min(0),
  /** Units in APPROVED orders: the sales. */
  places: z.number().int().min(0),
  /** The sales per currency. */
  sales: z.array(salesFiguresSchema),
});

/** A calendar day in Guatemala time (America/Guatemala), `2027-03-10`. */
export const salesByDaySchema = salesFiguresSchema.extend({ day: z.iso.date() });
export const salesByPaymentTypeSchema = salesFiguresSchema.extend({
  payment_type: reportPaymentTypeSchema,
});

export const salesReportSchema = z.object({
  show: salesReportShowSchema,
  /** The show's child dates, earliest first (what `date_uid` may name). */
  dates: z.array(salesReportShowSchema),
  /** The date the report is narrowed to, or null for the whole show. */
  date_uid: z.string().nullable(),
  generated_at: isoDateTimeSchema,
  /** One entry per currency with sales, GTQ first. */
  totals: z.array(salesFiguresSchema),
  by_ticket: z.array(salesByTicketSchema),
  /** Earliest day first; within a day GTQ first. */
  by_day: z.array(salesByDaySchema),
  by_payment_type: z.array(salesByPaymentTypeSchema),
  /** Admission codes of the APPROVED orders. */
  attendance: z.object({
    codes_issued: z.number().int().min(0),
    checked_in: z.number().int().min(0),
    activated: z.number().int().min(0),
  }),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

const ADMIN_TAGS = ['admin'] as const;
const GUARD = ['UNAUTHORIZED', 'SESSION_EXPIRED', 'FORBIDDEN'] as const;

/** Admin or Producer; another producer's show answers 404. */
export const adminReportEndpoints = defineEndpoints('admin', {
  getSalesReport: {
    method: 'GET',
    path: '/admin/reports/shows/:id/sales',
    summary:
      'Ventas de un evento y sus funciones: totales por moneda, por boleto, por día y por forma de pago; asistencia (CSV con format=csv)',
    tags: ADMIN_TAGS,
    params: adminShowParamsSchema,
    paramNotFound: { id: 'SHOW_NOT_FOUND' },
    query: adminSalesReportQuerySchema,
    response: salesReportSchema,
    status: 200,
    errors: [...GUARD, 'SHOW_NOT_FOUND', 'VALIDATION_ERROR'],
  },
} as const satisfies Record<string, EndpointDefinition>);
