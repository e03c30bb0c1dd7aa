import type { AdminMap, AdminMapState, AdminMapWrite } from '@taquilla/contract';
import { isNumberedSection, sectionSeats } from '@taquilla/domain';
import { AppError, invalidField } from '../../../errors.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import type { Tx } from '../../../infra/db.ts';
import { ownShow } from '../shared/admin.access.ts';
import type { AdminContext } from '../shared/admin.access.ts';
import { heldByTicket } from '../../inventory/inventory.live.ts';
import { lockShow } from '../shared/admin-shows.repo.ts';
import { writeCatalogue } from '../shared/admin.write.ts';
import type { AdminDeps } from '../shared/admin.write.ts';
import { countTakenPlaces } from '../../maps/maps.repo.ts';
import { toMapAuditSnapshot, toVenueMap } from './admin-maps.mapper.ts';
import {
  createMap,
  createSeats,
  createSection,
  deleteMapOfShow,
  findMap,
  findMapOfShow,
  findMapStructure,
  findTicketsOfShow,
  lockSeatsOfShow,
} from './admin-maps.repo.ts';
import { recordAudit } from '../shared/audit.repo.ts';
import { deleteCartItemsOnSeatsOfShow, hasTakenSeats } from '../../inventory/inventory.withdraw.ts';

/** Generating tens of thousands of seats takes longer than Prisma's 5-second default. */
const MAP_TRANSACTION = { maxWait: 10_000, timeout: 60_000 };

export function createAdminMapsService(deps: AdminDeps) {
  const { db, clock } = deps;
  const write = <T>(work: (tx: Tx) => Promise<T>) =>
    writeCatalogue(deps, work, { transaction: MAP_TRANSACTION });

  return {
    /**
     * GET /admin/shows/{id}/map: the show's own map (a date without one answers
     * null, though it sells its parent's), its sections with places left as the
     * public map counts them, and `locked` by the same rule PUT applies, read
     * without locks: a hint for the editor, which PUT checks again.
     */
    async get(ctx: AdminContext, showId: string): Promise<AdminMapState> {
      await ownShow(db, ctx, showId);
      const now = clock();
      const [row, locked] = await Promise.all([
        findMapOfShow(db, showId),
        hasTakenSeats(db, showId, now),
      ]);
      if (!row) return { map: null, locked };
      const openTickets = row.sections.flatMap((section) =>
        section.type === 'OPEN' && section.ticketId ? [section.ticketId] : [],
      );
      const taken = await countTakenPlaces(db, showId, openTickets, now);
      const { sections, ...map } = toVenueMap(row, (section) => {
        if (section.type !== 'OPEN') {
          return Math.max(0, section.seats.length - (taken.seatsBySection.get(section.id) ?? 0));
        }
        const used = section.ticketId ? (taken.unitsByTicket.get(section.ticketId) ?? 0) : 0;
        return Math.max(0, (section.capacity ?? 0) - used);
      });
      return {
        map: { ...map, sections: sections.map(({ seats: _seats, ...rest }) => rest) },
        locked,
      };
    },

    /**
     * PUT /admin/shows/{id}/map replaces the show's map: sections from the
     * body, seats generated for numbered sections (rows labelled from
     * row_start with W skipped, seats numbered from col_start). Refused while
     * any seat of the old map is sold or held, by this show or its dates.
     */
    async replace(ctx: AdminContext, showId: string, body: AdminMapWrite): Promise<AdminMap> {
      return write(async (tx) => {
        await lockShow(tx, showId);
        await ownShow(tx, ctx, showId);

        const named = body.sections.flatMap((s) => (s.ticket_uid ? [s.ticket_uid] : []));
        const tickets = new Map(
          (await findTicketsOfShow(tx, showId, named)).map((ticket) => [ticket.id, ticket]),
        );
        body.sections.forEach((section, index) => {
          if (section.ticket_uid && !tickets.has(section.ticket_uid)) {
            throw invalidField(`sections.${index}.ticket_uid`, 'No es un boleto de este evento');
          }
        });

        const now = clock();
        await lockSeatsOfShow(tx, showId);
        if (await hasTakenSeats(tx, showId, now)) throw new AppError('MAP_LOCKED');
        const before = toMapAuditSnapshot(await findMapStructure(tx, showId));
        await deleteCartItemsOnSeatsOfShow(tx, showId);
        await deleteMapOfShow(tx, showId);

        const created = await createMap(tx, {
          showId,
          name: body.name,
          mapImage: body.map_image ?? null,
          sectionGridRows: body.section_grid_rows,
          sectionGridCols: body.section_grid_cols,
        });
        for (const [position, spec] of body.sections.entries()) {
          const isOpen = !isNumberedSection(spec.type);
          const ticketId = spec.ticket_uid ?? null;
          const layout = {
            type: spec.type,
            rows: spec.map_rows ?? 1,
            columns: spec.map_columns ?? 1,
            rowStart: spec.row_start,
            rowStep: spec.row_step,
            colStart: spec.col_start,
            colStep: spec.col_step,
          };
          const section = await createSection(tx, {
            mapId: created.id,
            ticketId,
            name: spec.name,
            type: spec.type,
            showNumbering: spec.show_numbering ?? !isOpen,
            mapRows: layout.rows,
            mapColumns: layout.columns,
            rowStart: layout.rowStart,
            rowStep: layout.rowStep,
            colStart: layout.colStart,
            colStep: layout.colStep,
            door: spec.door,
            seated: spec.seated ?? !isOpen,
            sectionGridRow: spec.section_grid_row,
            sectionGridCol: spec.section_grid_col,
            capacity: isOpen
              ? (spec.capacity ?? (ticketId ? (tickets.get(ticketId)?.capacity ?? 0) : 0))
              : null,
            position,
          });
          const seats: Prisma.SeatCreateManyInput[] = sectionSeats(layout).map((seat) => ({
            sectionId: section.id,
            showId,
            ticketId,
            ...seat,
          }));
          await createSeats(tx, seats);
        }

        const row = await findMap(tx, created.id);
        const held = await heldByTicket(tx, [...tickets.keys()], now);
        const after = toMapAuditSnapshot({
          ...row,
          sections: row.sections.map(({ seats, ...section }) => ({
            ...section,
            _count: { seats: seats.length },
          })),
        });
        await recordAudit(tx, ctx, {
          action: before ? 'map.replace' : 'map.create',
          entityType: 'venue_map',
          entityId: showId,
          before,
          after,
        });
        // No seat of a new map is taken; an OPEN section offers what its ticket has left.
        return toVenueMap(row, (section) => {
          if (section.type !== 'OPEN') return section.seats.length;
          const capacity = section.capacity ?? 0;
          const ticket = section.ticketId ? tickets.get(section.ticketId) : undefined;
          if (!ticket) return capacity;
          const left = ticket.capacity - ticket.sold - (held.get(ticket.id) ?? 0);
          return Math.max(0, Math.min(capacity, left));
        });
      });
    },
  };
}

export type AdminMapsService = ReturnType<typeof createAdminMapsService>;
