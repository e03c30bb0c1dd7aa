import { MAX_SEATS_PER_SECTION } from '@taquilla/domain';
import { z } from 'zod';
import { MAX_CAPACITY, adminShowParamsSchema, optionalText, text } from './admin-fields.ts';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';
import { seatSchema, sectionSchema, sectionTypeSchema, venueMapSchema } from './maps.ts';

// PUT /admin/shows/{id}/map: a venue map whose seats the server generates.

export const MAX_SECTION_ROWS = 200;
export const MAX_SECTION_COLUMNS = 200;
export const MAX_SEATS_PER_MAP = 100_000;

export const adminSectionWriteSchema = z
  .strictObject({
    name: text(120),
    type: sectionTypeSchema,
    show_numbering: z.boolean().optional(),
    /** Required for numbered sections (SEATS, TABLE, HTABLE); OPEN sections default to 1. */
    map_rows: z.number().int().min(1).max(MAX_SECTION_ROWS).optional(),
    map_columns: z.number().int().min(1).max(MAX_SECTION_COLUMNS).optional(),
    /** Row-label index of the first row: 0 → A, 20 → U (W is skipped). */
    row_start: z.number().int().min(0).max(10_000).default(0),
    row_step: z.number().int().min(1).max(100).default(1),
    /** Printed number of the first seat of each row. */
    col_start: z.number().int().min(0).max(10_000).default(1),
    col_step: z.number().int().min(1).max(100).default(1),
    door: text(120).default('Unica'),
    seated: z.boolean().optional(),
    section_grid_row: z.number().int().min(0).max(100),
    section_grid_col: z.number().int().min(0).max(100),
    /** The ticket of the same show this section sells. */
    ticket_uid: z.uuid({ message: 'Identificador de boleto inválido' }).nullable().optional(),
    /** OPEN sections: unnumbered places (defaults to the ticket's capacity). */
    capacity: z.number().int().min(0).max(MAX_CAPACITY).optional(),
  })
  .superRefine((section, ctx) => {
    if (section.type === 'OPEN') return;
    for (const field of ['map_rows', 'map_columns'] as const) {
      if (section[field] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: 'Obligatorio en secciones numeradas',
        });
      }
    }
    if ((section.map_rows ?? 1) * (section.map_columns ?? 1) > MAX_SEATS_PER_SECTION) {
      ctx.addIssue({
        code: 'custom',
        path: ['map_rows'],
        message: `Una sección tiene como máximo ${MAX_SEATS_PER_SECTION} butacas`,
      });
    }
    if (section.capacity !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['capacity'],
        message: 'Solo las secciones OPEN tienen capacidad; las demás se cuentan por butacas',
      });
    }
  });

/** PUT /admin/shows/{id}/map: the whole venue map; it replaces the show's map. */
export const adminMapWriteSchema = z
  .strictObject({
    name: text(200),
    map_image: optionalText(2000),
    section_grid_rows: z.number().int().min(1).max(100),
    section_grid_cols: z.number().int().min(1).max(100),
    sections: z.array(adminSectionWriteSchema).min(1).max(100),
  })
  .superRefine((map, ctx) => {
    const names = new Set<string>();
    let seats = 0;
    map.sections.forEach((section, index) => {
      if (section.type !== 'OPEN') seats += (section.map_rows ?? 1) * (section.map_columns ?? 1);
      if (section.section_grid_row >= map.section_grid_rows) {
        ctx.addIssue({
          code: 'custom',
          path: ['sections', index, 'section_grid_row'],
          message: 'Fila de la cuadrícula fuera del mapa',
        });
      }
      if (section.section_grid_col >= map.section_grid_cols) {
        ctx.addIssue({
          code: 'custom',
          path: ['sections', index, 'section_grid_col'],
          message: 'Columna de la cuadrícula fuera del mapa',
        });
      }
      const key = section.name.toLowerCase();
      if (names.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['sections', index, 'name'],
          message: 'Ya hay otra sección con ese nombre',
        });
      }
      names.add(key);
    });
    if (seats > MAX_SEATS_PER_MAP) {
      ctx.addIssue({
        code: 'custom',
        path: ['sections'],
        message: `Un mapa tiene como máximo ${MAX_SEATS_PER_MAP} butacas`,
      });
    }
  });
export type AdminMapWrite = z.infer<typeof adminMapWriteSchema>;
export type AdminMapWriteInput = z.input<typeof adminMapWriteSchema>;

/** The organiser's view of a map: the public one plus every generated seat. */
export const adminSectionSchema = sectionSchema.extend({ seats: z.array(seatSchema) });
export const adminMapSchema = venueMapSchema.extend({ sections: z.array(adminSectionSchema) });
export type AdminMap = z.infer<typeof adminMapSchema>;

/**
 * GET /admin/shows/{id}/map: the show's own map as stored (sections with every
 * setting, no seats: an editor generates them with sectionSeats), or null when it
 * has none, and whether PUT would be refused now with MAP_LOCKED (a seat sold or
 * held, by the show or one of its dates).
 */
export const adminMapStateSchema = z.object({
  map: venueMapSchema.nullable(),
  locked: z.boolean(),
});
export type AdminMapState = z.infer<typeof adminMapStateSchema>;

export const adminMapEndpoints = defineEndpoints('admin', {
  getMap: {
    method: 'GET',
    path: '/admin/shows/:id/map',
    summary: 'El mapa de butacas del evento, tal como se guardó, y si se puede cambiar',
    tags: ['admin'],
    params: adminShowParamsSchema,
    paramNotFound: { id: 'SHOW_NOT_FOUND' },
    response: adminMapStateSchema,
    status: 200,
    errors: ['UNAUTHORIZED', 'SESSION_EXPIRED', 'FORBIDDEN', 'SHOW_NOT_FOUND'],
  },
} as const satisfies Record<string, EndpointDefinition>);
