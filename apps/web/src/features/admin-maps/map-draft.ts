import { adminMapWriteSchema } from '@taquilla/contract';
import type {
  AdminMapWriteInput,
  Section,
  SectionType,
  SeatState,
  VenueMap,
} from '@taquilla/contract';
import { isNumberedSection, sectionSeats } from '@taquilla/domain';
import { mapTexts } from './admin-maps.texts';

/** One section as the editor holds it: numbers as typed, a local key until it is saved. */
export type DraftSection = {
  key: string;
  name: string;
  type: SectionType;
  map_rows: string;
  map_columns: string;
  row_start: string;
  row_step: string;
  col_start: string;
  col_step: string;
  show_numbering: boolean;
  seated: boolean;
  door: string;
  ticket_uid: string;
  capacity: string;
  section_grid_row: number;
  section_grid_col: number;
};

export type DraftMap = {
  name: string;
  map_image: string;
  section_grid_rows: string;
  section_grid_cols: string;
  sections: DraftSection[];
};

let keys = 0;
const newKey = () => `nueva-${(keys += 1)}`;

export const emptyDraft = (): DraftMap => ({
  name: mapTexts.defaultName,
  map_image: '',
  section_grid_rows: '3',
  section_grid_cols: '3',
  sections: [],
});

/** A new section in a free cell: ten seats in five rows, numbered from A1. */
export function newSection(row: number, col: number, index: number): DraftSection {
  return {
    key: newKey(),
    name: mapTexts.defaultSection(index),
    type: 'SEATS',
    map_rows: '5',
    map_columns: '10',
    row_start: '0',
    row_step: '1',
    col_start: '1',
    col_step: '1',
    show_numbering: true,
    seated: true,
    door: 'Unica',
    ticket_uid: '',
    capacity: '',
    section_grid_row: row,
    section_grid_col: col,
  };
}

/** The stored map (GET /admin/shows/{id}/map) as a draft. */
export function draftOf(
  map: Pick<VenueMap, 'name' | 'map_image' | 'section_grid_rows' | 'section_grid_cols'> & {
    sections: readonly Omit<Section, 'available' | 'row_names' | 'seat_count'>[];
  },
): DraftMap {
  return {
    name: map.name,
    map_image: map.map_image ?? '',
    section_grid_rows: String(map.section_grid_rows),
    section_grid_cols: String(map.section_grid_cols),
    sections: map.sections.map((section) => ({
      key: section._id,
      name: section.name,
      type: section.type,
      map_rows: String(section.map_rows),
      map_columns: String(section.map_columns),
      row_start: String(section.row_start),
      row_step: String(section.row_step),
      col_start: String(section.col_start),
      col_step: String(section.col_step),
      show_numbering: section.show_numbering,
      seated: section.seated,
      door: section.door,
      ticket_uid: section.show_tickets[0] ?? '',
      capacity: section.capacity === null ? '' : String(section.capacity),
      section_grid_row: section.section_grid_row,
      section_grid_col: section.section_grid_col,
    })),
  };
}

/** A typed whole number, or the text itself so that the schema names the field. */
const numberOf = (value: string): number | string => {
  const trimmed = value.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : value;
};

/** The draft as PUT /admin/shows/{id}/map takes it. */
export function mapBody(draft: DraftMap): AdminMapWriteInput {
  return {
    name: draft.name,
    map_image: draft.map_image.trim() === '' ? null : draft.map_image.trim(),
    section_grid_rows: numberOf(draft.section_grid_rows),
    section_grid_cols: numberOf(draft.section_grid_cols),
    sections: draft.sections.map((section) => {
      const isOpen = section.type === 'OPEN';
      return {
        name: section.name,
        type: section.type,
        show_numbering: section.show_numbering,
        ...(isOpen
          ? {}
          : {
              map_rows: numberOf(section.map_rows),
              map_columns: numberOf(section.map_columns),
            }),
        row_start: numberOf(section.row_start),
        row_step: numberOf(section.row_step),
        col_start: numberOf(section.col_start),
        col_step: numberOf(section.col_step),
        door: section.door,
        seated: section.seated,
        section_grid_row: section.section_grid_row,
        section_grid_col: section.section_grid_col,
        ticket_uid: section.ticket_uid || null,
        ...(isOpen && section.capacity.trim() !== ''
          ? { capacity: numberOf(section.capacity) }
          : {}),
      };
    }),
  } as AdminMapWriteInput;
}

/** The contract's verdict by field ("sections.0.map_rows" → message), plus two cells in one. */
export function mapErrors(draft: DraftMap): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = adminMapWriteSchema.safeParse(mapBody(draft));
  if (!result.success) {
    for (const issue of result.error.issues) {
      errors[issue.path.map(String).join('.') || '(raíz)'] ??= issue.message;
    }
  }
  const cells = new Map<string, number>();
  draft.sections.forEach((section, index) => {
    const cell = `${section.section_grid_row}:${section.section_grid_col}`;
    if (cells.has(cell)) errors[`sections.${index}.section_grid_row`] ??= mapTexts.cellTaken;
    cells.set(cell, index);
  });
  return errors;
}

type Counted = { places: number; seats: ReturnType<typeof sectionSeats> };

/** The section's places as the server will generate them (sectionSeats); none when invalid. */
export function countedPlaces(section: DraftSection, ticketCapacity: number | null): Counted {
  if (!isNumberedSection(section.type)) {
    const capacity = section.capacity.trim() === '' ? ticketCapacity : Number(section.capacity);
    return { places: Number.isSafeInteger(capacity) ? Math.max(0, capacity ?? 0) : 0, seats: [] };
  }
  try {
    const seats = sectionSeats({
      type: section.type,
      rows: Number(section.map_rows),
      columns: Number(section.map_columns),
      rowStart: Number(section.row_start),
      rowStep: Number(section.row_step),
      colStart: Number(section.col_start),
      colStep: Number(section.col_step),
    });
    return { places: seats.length, seats };
  } catch {
    return { places: 0, seats: [] };
  }
}

/** The draft as the buyer's map draws it: sections with their places, nothing sold. */
export function previewOf(
  draft: DraftMap,
  capacityOf: (ticketId: string) => number | null,
): {
  map: Pick<VenueMap, 'name' | 'section_grid_rows' | 'section_grid_cols' | 'sections'>;
  seats: Map<string, SeatState[]>;
} {
  const seatsBySection = new Map<string, SeatState[]>();
  const sections: Section[] = draft.sections.map((section) => {
    const { places, seats } = countedPlaces(
      section,
      section.ticket_uid ? capacityOf(section.ticket_uid) : null,
    );
    const ticket = section.ticket_uid || null;
    seatsBySection.set(
      section.key,
      seats.map((seat, index) => ({
        _id: `${section.key}:${index}`,
        name: seat.name,
        row: seat.row,
        col: seat.col,
        row_name: seat.rowName,
        section_uid: section.key,
        show_ticket_uid: ticket,
        state: 'available',
        available: true,
        reserved: false,
        waiting: false,
      })),
    );
    const isOpen = section.type === 'OPEN';
    return {
      _id: section.key,
      name: section.name,
      type: section.type,
      show_numbering: section.show_numbering,
      map_rows: isOpen ? 1 : Number(section.map_rows) || 1,
      map_columns: isOpen ? 1 : Number(section.map_columns) || 1,
      row_start: Number(section.row_start) || 0,
      row_step: Number(section.row_step) || 1,
      col_start: Number(section.col_start) || 0,
      col_step: Number(section.col_step) || 1,
      door: section.door,
      seated: section.seated,
      section_grid_row: section.section_grid_row,
      section_grid_col: section.section_grid_col,
      show_tickets: ticket ? [ticket] : [],
      available: places,
      capacity: isOpen ? places : null,
      row_names: [...new Set(seats.map((seat) => seat.rowName))],
      seat_count: seats.length,
    };
  });
  return {
    map: {
      name: draft.name,
      section_grid_rows: Math.max(1, Number(draft.section_grid_rows) || 1),
      section_grid_cols: Math.max(1, Number(draft.section_grid_cols) || 1),
      sections,
    },
    seats: seatsBySection,
  };
}
