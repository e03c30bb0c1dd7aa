import type { CSSProperties } from 'react';
import { mapTexts } from './admin-maps.texts';
import type { DraftMap } from './map-draft';

const GRID_LIMIT = 100;

const size = (value: string) => Math.min(GRID_LIMIT, Math.max(1, Number.parseInt(value, 10) || 1));

/**
 * The section grid as cells, each a button: an empty one adds a section there, an
 * occupied one selects its section. Sections placed outside the grid (after it shrank)
 * are listed under it so that they can still be chosen and moved.
 */
export function SectionCells({
  draft,
  selectedKey,
  isLocked,
  onSelect,
  onAdd,
}: {
  draft: DraftMap;
  selectedKey: string | null;
  isLocked: boolean;
  onSelect: (key: string) => void;
  onAdd: (row: number, col: number) => void;
}) {
  const rows = size(draft.section_grid_rows);
  const cols = size(draft.section_grid_cols);
  const byCell = new Map(
    draft.sections.map((section) => [
      `${section.section_grid_row}:${section.section_grid_col}`,
      section,
    ]),
  );
  const outside = draft.sections.filter(
    (section) => section.section_grid_row >= rows || section.section_grid_col >= cols,
  );
  const style = {
    gridTemplateColumns: `repeat(${cols}, minmax(96px, 1fr))`,
  } as CSSProperties;

  return (
    <>
      <div className="map-cells__scroll">
        <div className="map-cells" role="group" aria-label={mapTexts.gridLabel} style={style}>
          {Array.from({ length: rows * cols }, (_, index) => {
            const row = Math.floor(index / cols);
            const col = index % cols;
            const section = byCell.get(`${row}:${col}`);
            if (!section) {
              return (
                <button
                  key={`${row}:${col}`}
                  type="button"
                  className="map-cell map-cell--empty"
                  disabled={isLocked}
                  aria-label={
                    isLocked
                      ? mapTexts.emptyCellLocked(row + 1, col + 1)
                      : mapTexts.emptyCell(row + 1, col + 1)
                  }
                  onClick={() => onAdd(row, col)}
                >
                  <span aria-hidden="true">{isLocked ? '' : '+'}</span>
                </button>
              );
            }
            const isSelected = section.key === selectedKey;
            return (
              <button
                key={`${row}:${col}`}
                type="button"
                className={`map-cell map-cell--section${isSelected ? ' map-cell--selected' : ''}`}
                aria-pressed={isSelected}
                aria-label={mapTexts.sectionCell(
                  section.name,
                  mapTexts.types[section.type],
                  row + 1,
                  col + 1,
                )}
                onClick={() => onSelect(section.key)}
              >
                <span className="map-cell__name">{section.name}</span>{' '}
                <span className="map-cell__type">{mapTexts.types[section.type]}</span>
              </button>
            );
          })}
        </div>
      </div>
      {outside.length > 0 && (
        <div className="map-cells__outside">
          <p className="field__hint">{mapTexts.outside}</p>
          <div className="form__actions">
            {outside.map((section) => (
              <button
                key={section.key}
                type="button"
                className="button button--secondary"
                aria-pressed={section.key === selectedKey}
                onClick={() => onSelect(section.key)}
              >
                {section.name}
              </button>
            ))}
          </div>
        </div>
      )}
    </>
  );
}
