import { useId, useMemo, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent } from 'react';
import type { Section, SeatState } from '@taquilla/contract';
import { SEAT_CELL_PX, SEAT_TOOLTIP_WIDTH_PX, seatCell } from '@taquilla/domain';
import { es } from '../../i18n/es';
import { isSeatClickable, seatViewState } from './seat-view-state';
import type { SeatViewState } from './seat-view-state';
import './seat-map.css';

type PlacedSeat = { seat: SeatState; rowIndex: number; colIndex: number };

type SeatGridProps = {
  section: Section;
  seats: readonly SeatState[];
  /** Seats chosen on this page. */
  chosen: ReadonlySet<string>;
  /** Seats whose change is waiting for the server (the cart issue fills this). */
  pending?: ReadonlySet<string>;
  /** "Q 450.00" for the tooltip. */
  priceOf: (seat: SeatState) => string;
  /** "+ Q 15.00 de cargo por servicio" under it, for a fee charged on top (000 §3). */
  feeOf?: (seat: SeatState) => string | null;
  onToggle: (seat: SeatState) => void;
};

const NONE: ReadonlySet<string> = new Set();

const MOVES: Readonly<Record<string, [number, number]>> = {
  ArrowRight: [0, 1],
  ArrowLeft: [0, -1],
  ArrowDown: [1, 0],
  ArrowUp: [-1, 0],
};

/**
 * A numbered section drawn seat by seat: 25 px cells placed by row and column, row labels
 * at both sides when the section shows its numbering, and a 200 px tooltip on hover or
 * focus. The grid is one tab stop; arrow keys move between seats (roving tabindex).
 */
export function SeatGrid({
  section,
  seats,
  chosen,
  pending = NONE,
  priceOf,
  feeOf,
  onToggle,
}: SeatGridProps) {
  const tooltipId = useId();
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [hintId, setHintId] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const { placed, byCell, rowNames } = useMemo(() => {
    const placedSeats: PlacedSeat[] = [];
    const cells = new Map<string, PlacedSeat>();
    const names = new Map<number, string>();
    for (const seat of seats) {
      const cell = seatCell(seat, section);
      if (!cell || cell.rowIndex >= section.map_rows || cell.colIndex >= section.map_columns) {
        continue;
      }
      const entry = { seat, ...cell };
      placedSeats.push(entry);
      cells.set(`${cell.rowIndex}:${cell.colIndex}`, entry);
      if (!names.has(cell.rowIndex)) names.set(cell.rowIndex, seat.row_name);
    }
    return { placed: placedSeats, byCell: cells, rowNames: names };
  }, [seats, section]);

  const hasLabels = section.show_numbering;
  const labelColumns = hasLabels ? 1 : 0;
  const tabStopId =
    focusedId && placed.some(({ seat }) => seat._id === focusedId)
      ? focusedId
      : (placed.find(({ seat }) => seatViewState(seat, chosen, pending) === 'available')?.seat
          ._id ?? placed[0]?.seat._id);
  const hinted = placed.find(({ seat }) => seat._id === hintId);

  function moveFocus(from: PlacedSeat, [rowStep, colStep]: [number, number]) {
    let row = from.rowIndex + rowStep;
    let col = from.colIndex + colStep;
    while (row >= 0 && col >= 0 && row < section.map_rows && col < section.map_columns) {
      const next = byCell.get(`${row}:${col}`);
      if (next) {
        setFocusedId(next.seat._id);
        buttons.current.get(next.seat._id)?.focus();
        return;
      }
      row += rowStep;
      col += colStep;
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, entry: PlacedSeat) {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    moveFocus(entry, move);
  }

  const gridStyle = {
    '--seat-cell': `${SEAT_CELL_PX}px`,
    gridTemplateColumns: `repeat(${section.map_columns + labelColumns * 2}, ${SEAT_CELL_PX}px)`,
    gridTemplateRows: `repeat(${section.map_rows}, ${SEAT_CELL_PX}px)`,
  } as CSSProperties;

  return (
    <div className="seat-grid__scroll">
      <div
        className="seat-grid"
        style={gridStyle}
        role="group"
        aria-label={es.seatMap.seatsOf(section.name)}
      >
        {hasLabels &&
          [...rowNames.entries()].flatMap(([rowIndex, name]) =>
            [1, section.map_columns + 2].map((column) => (
              <span
                key={`${rowIndex}-${column}`}
                className="seat-grid__row-label"
                style={{ gridRow: rowIndex + 1, gridColumn: column }}
                aria-hidden="true"
              >
                {name}
              </span>
            )),
          )}
        {placed.map((entry) => {
          const { seat } = entry;
          const state = seatViewState(seat, chosen, pending);
          const isHinted = hintId === seat._id;
          return (
            <button
              key={seat._id}
              ref={(element) => {
                if (element) buttons.current.set(seat._id, element);
                else buttons.current.delete(seat._id);
              }}
              type="button"
              className={`seat seat--${state}`}
              style={{ gridRow: entry.rowIndex + 1, gridColumn: entry.colIndex + 1 + labelColumns }}
              tabIndex={seat._id === tabStopId ? 0 : -1}
              aria-label={es.seatMap.seat(String(seat.col), seat.name, es.seatMap.states[state])}
              aria-pressed={state === 'reserved'}
              aria-disabled={!isSeatClickable(state) || undefined}
              aria-busy={state === 'waiting' || undefined}
              aria-describedby={isHinted ? tooltipId : undefined}
              onClick={() => {
                setFocusedId(seat._id);
                if (isSeatClickable(state)) onToggle(seat);
              }}
              onKeyDown={(event) => onKeyDown(event, entry)}
              onFocus={() => {
                setFocusedId(seat._id);
                setHintId(seat._id);
              }}
              onBlur={() => setHintId((current) => (current === seat._id ? null : current))}
              onMouseEnter={() => setHintId(seat._id)}
              onMouseLeave={() => setHintId((current) => (current === seat._id ? null : current))}
            >
              <span aria-hidden="true">{seat.col}</span>
            </button>
          );
        })}
        {hinted && (
          <SeatTooltip
            id={tooltipId}
            sectionName={section.name}
            entry={hinted}
            state={seatViewState(hinted.seat, chosen, pending)}
            price={priceOf(hinted.seat)}
            fee={feeOf?.(hinted.seat) ?? null}
            labelColumns={labelColumns}
            columns={section.map_columns}
            rows={section.map_rows}
          />
        )}
      </div>
    </div>
  );
}

function SeatTooltip({
  id,
  sectionName,
  entry,
  state,
  price,
  fee,
  labelColumns,
  columns,
  rows,
}: {
  id: string;
  sectionName: string;
  entry: PlacedSeat;
  state: SeatViewState;
  price: string;
  fee: string | null;
  labelColumns: number;
  columns: number;
  rows: number;
}) {
  const { seat, rowIndex, colIndex } = entry;
  // Centred under the seat, kept inside the drawing so it is never cut at the edges.
  const gridWidth = (columns + labelColumns * 2) * SEAT_CELL_PX;
  const centre = (colIndex + labelColumns + 0.5) * SEAT_CELL_PX;
  const left = Math.max(
    0,
    Math.min(centre - SEAT_TOOLTIP_WIDTH_PX / 2, gridWidth - SEAT_TOOLTIP_WIDTH_PX),
  );
  // Below the seat in the upper half of the section, above it in the lower half.
  const isLowerHalf = rowIndex >= rows / 2;
  const style: CSSProperties = {
    left,
    width: SEAT_TOOLTIP_WIDTH_PX,
    ...(isLowerHalf
      ? { bottom: (rows - rowIndex) * SEAT_CELL_PX + 6 }
      : { top: (rowIndex + 1) * SEAT_CELL_PX + 6 }),
  };
  return (
    <div id={id} role="tooltip" className="seat-tooltip" style={style}>
      <dl>
        <div>
          <dt>{es.seatMap.tooltip.section}</dt>
          <dd>{sectionName}</dd>
        </div>
        <div>
          <dt>{es.seatMap.tooltip.row}</dt>
          <dd>{seat.row_name}</dd>
        </div>
        <div>
          <dt>{es.seatMap.tooltip.seat}</dt>
          <dd>{seat.col}</dd>
        </div>
        <div>
          <dt>{es.seatMap.tooltip.price}</dt>
          <dd>{price}</dd>
        </div>
      </dl>
      {fee && <p className="seat-tooltip__fee">{fee}</p>}
      <p className="seat-tooltip__state">{es.seatMap.stateText[state]}</p>
    </div>
  );
}
