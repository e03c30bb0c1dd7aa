import { orderedRowNames } from '@taquilla/domain';
import type { AdminMap } from '@taquilla/contract';
import type { Prisma } from '../../../generated/prisma/client.ts';
import type { MapRow } from './admin-maps.repo.ts';

type SectionRow = MapRow['sections'][number];

function sectionFields(section: Omit<SectionRow, 'seats'>) {
  return {
    _id: section.id,
    name: section.name,
    type: section.type,
    show_numbering: section.showNumbering,
    map_rows: section.mapRows,
    map_columns: section.mapColumns,
    row_start: section.rowStart,
    row_step: section.rowStep,
    col_start: section.colStart,
    col_step: section.colStep,
    door: section.door,
    seated: section.seated,
    section_grid_row: section.sectionGridRow,
    section_grid_col: section.sectionGridCol,
    show_tickets: section.ticketId ? [section.ticketId] : [],
    capacity: section.capacity,
  };
}

/** Row → wire (000 §3 venue map); `available` per section is computed by the caller. */
export function toVenueMap(map: MapRow, availableIn: (section: SectionRow) => number): AdminMap {
  const sections = map.sections.map((section) => ({
    ...sectionFields(section),
    available: availableIn(section),
    row_names: section.type === 'OPEN' ? [] : orderedRowNames(section.seats),
    seat_count: section.type === 'OPEN' ? 0 : section.seats.length,
    seats: section.seats.map((seat) => ({
      _id: seat.id,
      name: seat.name,
      row: seat.row,
      col: seat.col,
      row_name: seat.rowName,
      section_uid: seat.sectionId,
      show_ticket_uid: seat.ticketId,
    })),
  }));
  return {
    _id: map.id,
    name: map.name,
    map_image: map.mapImage,
    section_grid_rows: map.sectionGridRows,
    section_grid_cols: map.sectionGridCols,
    show_tickets: [...new Set(sections.flatMap((section) => section.show_tickets))],
    available: sections.reduce((sum, section) => sum + section.available, 0),
    sections,
  };
}

/** The map's structure for the audit log: sections with their seat counts, not every seat. */
export function toMapAuditSnapshot(
  map: {
    id: string;
    name: string;
    mapImage: string | null;
    sectionGridRows: number;
    sectionGridCols: number;
    sections: (Omit<SectionRow, 'seats'> & { _count: { seats: number } })[];
  } | null,
): Prisma.InputJsonValue | null {
  if (!map) return null;
  return {
    _id: map.id,
    name: map.name,
    map_image: map.mapImage,
    section_grid_rows: map.sectionGridRows,
    section_grid_cols: map.sectionGridCols,
    sections: map.sections.map((section) => ({
      ...sectionFields(section),
      seat_count: section._count.seats,
    })),
  };
}
