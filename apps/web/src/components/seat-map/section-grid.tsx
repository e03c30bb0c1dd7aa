import type { CSSProperties, ReactNode } from 'react';
import type { Section, VenueMap } from '@taquilla/contract';
import { es } from '../../i18n/es';
import './seat-map.css';

type GridMap = Pick<VenueMap, 'name' | 'section_grid_rows' | 'section_grid_cols' | 'sections'>;

/**
 * The venue as a buyer sees it: the stage, then each section as a tile on the map's grid
 * (name, price, places left, and how many this buyer chose). A tile opens its section.
 * The buyer's show page and the organiser's map preview both draw it.
 */
export function SectionGrid({
  map,
  openSectionId,
  onOpen,
  priceOf,
  chosenOf,
}: {
  map: GridMap;
  openSectionId: string | null;
  /** The tile's section, or null when its open tile is clicked again. */
  onOpen: (sectionId: string | null) => void;
  priceOf: (section: Section) => string;
  chosenOf?: (section: Section) => number;
}) {
  const gridStyle: CSSProperties = {
    gridTemplateRows: `repeat(${map.section_grid_rows}, minmax(72px, auto))`,
    gridTemplateColumns: `repeat(${map.section_grid_cols}, minmax(0, 1fr))`,
  };
  return (
    <>
      <div className="section-grid__stage" aria-hidden="true">
        {es.seatMap.stage}
      </div>
      <div className="section-grid" style={gridStyle} role="group" aria-label={map.name}>
        {map.sections.map((section) => {
          const isOpen = section._id === openSectionId;
          const chosen = chosenOf?.(section) ?? 0;
          const price = priceOf(section);
          const available =
            section.available === 0
              ? es.seatMap.soldOut
              : es.seatMap.availableCount(section.available);
          // The name holds everything the tile shows, in its order (WCAG 2.5.3).
          const label = [section.name, price, available]
            .concat(chosen > 0 ? [es.seatMap.chosenCount(chosen)] : [])
            .join(', ');
          return (
            <button
              key={section._id}
              type="button"
              className={`section-tile${isOpen ? ' section-tile--open' : ''}${section.available === 0 ? ' section-tile--sold-out' : ''}`}
              style={{
                gridRow: section.section_grid_row + 1,
                gridColumn: section.section_grid_col + 1,
              }}
              aria-pressed={isOpen}
              aria-label={label}
              onClick={() => onOpen(isOpen ? null : section._id)}
            >
              <span className="section-tile__name">{section.name}</span>{' '}
              <span className="section-tile__price">{price}</span>{' '}
              <span className="section-tile__available">{available}</span>
              {chosen > 0 && (
                <>
                  {' '}
                  <span className="section-tile__chosen">{es.seatMap.chosenCount(chosen)}</span>
                </>
              )}
            </button>
          );
        })}
      </div>
    </>
  );
}

/** The opened section under the grid: its name, its door, the seat legend, then its places. */
export function OpenedSection({ section, children }: { section: Section; children: ReactNode }) {
  return (
    <div className="seat-section">
      <div className="seat-section__head">
        <h4 className="seat-section__title">{section.name}</h4>
        <p className="seat-section__door">{es.seatMap.door(section.door)}</p>
        {section.type !== 'OPEN' && <SeatLegend />}
      </div>
      {children}
    </div>
  );
}

function SeatLegend() {
  return (
    <ul className="seat-legend" aria-label={es.seatMap.legendLabel}>
      {(['available', 'reserved', 'unavailable'] as const).map((state) => (
        <li key={state} className="seat-legend__item">
          <span className={`seat seat--${state} seat--sample`} aria-hidden="true" />
          {es.seatMap.legend[state]}
        </li>
      ))}
    </ul>
  );
}
