import { z } from 'zod';

export const SECTION_TYPES = ['SEATS', 'TABLE', 'HTABLE', 'OPEN'] as const;
export const sectionTypeSchema = z.enum(SECTION_TYPES);
export type SectionType = z.infer<typeof sectionTypeSchema>;

/** A seat as drawn on the map (000 §3). States come from POST /shows/{id}/map/seats. */
export const seatSchema = z.object({
  _id: z.string(),
  name: z.string(),
  row: z.number().int(),
  col: z.number().int(),
  /** A..Z, AA.. (W skipped); tables and boxes use their own names. */
  row_name: z.string(),
  section_uid: z.string(),
  show_ticket_uid: z.string().nullable(),
});

export const sectionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  type: sectionTypeSchema,
  show_numbering: z.boolean(),
  map_rows: z.number().int().min(1),
  map_columns: z.number().int().min(1),
  row_start: z.number().int(),
  row_step: z.number().int().min(1),
  col_start: z.number().int(),
  col_step: z.number().int().min(1),
  door: z.string(),
  seated: z.boolean(),
  section_grid_row: z.number().int().min(0),
  section_grid_col: z.number().int().min(0),
  /** The ticket this section sells. */
  show_tickets: z.array(z.string()),
  /** Places that can still be taken (seats not held or sold; OPEN: capacity left). */
  available: z.number().int().min(0),
  /** OPEN sections: total unnumbered places. */
  capacity: z.number().int().min(0).nullable(),
  /** Labels of the section's rows, in order (A..Z, AA.., W skipped). */
  row_names: z.array(z.string()),
  /** Numbered seats; each section's seats and their states come from POST /shows/{id}/map/seats. */
  seat_count: z.number().int().min(0),
});

/**
 * GET /shows/{id}/map: the venue map ("location") of a show or of its parent:
 * sections on the grid with their row labels and places left. Seats are not
 * inlined (a 2,000-seat map would weigh ~400 kB); the client loads a
 * section's seats with their states through POST /shows/{id}/map/seats, as
 * the specifications' client does (docs/decisions/0009-seat-maps.md).
 */
export const venueMapSchema = z.object({
  _id: z.string(),
  name: z.string(),
  map_image: z.string().nullable(),
  section_grid_rows: z.number().int().min(1),
  section_grid_cols: z.number().int().min(1),
  show_tickets: z.array(z.string()),
  available: z.number().int().min(0),
  sections: z.array(sectionSchema),
});
export type VenueMap = z.infer<typeof venueMapSchema>;
export type Section = z.infer<typeof sectionSchema>;
export type Seat = z.infer<typeof seatSchema>;

/** POST /shows/{showId}/map/seats: `{location, section, cart}` (000 §7). */
export const seatStatesBodySchema = z.object({
  /** The venue map id. */
  location: z.string().min(1),
  /** The section id. */
  section: z.string().min(1),
  /** The asking cart's id; its own holds answer `reserved`. */
  cart: z.string().min(1).nullable().optional(),
});

export const SEAT_STATES = ['available', 'reserved', 'unavailable'] as const;

export const seatStateSchema = seatSchema.extend({
  state: z.enum(SEAT_STATES),
  available: z.boolean(),
  /** Held by the asking cart. */
  reserved: z.boolean(),
  waiting: z.literal(false),
});
export type SeatState = z.infer<typeof seatStateSchema>;

export const seatStatesResponseSchema = z.array(seatStateSchema);
