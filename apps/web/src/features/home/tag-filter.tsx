import { useId, useState } from 'react';
import { es } from '../../i18n/es';

/** Chips shown before "Más etiquetas": the most used tags come first. */
const VISIBLE_TAGS = 12;

type TagFilterProps = {
  tags: readonly string[];
  selected: ReadonlySet<string>;
  onToggle: (tag: string) => void;
  onClear: () => void;
};

/**
 * Tag chips: each one a toggle; a show stays listed when it has any chip that is on.
 * Past the most used ones the rest wait behind "Más etiquetas"; a chip that is on stays
 * visible either way.
 */
export function TagFilter({ tags, selected, onToggle, onClear }: TagFilterProps) {
  const [isExpanded, setExpanded] = useState(false);
  const groupId = useId();
  if (tags.length === 0) return null;
  const hiddenCount = Math.max(0, tags.length - VISIBLE_TAGS);
  const shown = isExpanded
    ? tags
    : tags.filter((tag, index) => index < VISIBLE_TAGS || selected.has(tag));

  return (
    <div className="tag-filter" id={groupId} role="group" aria-label={es.home.tags.label}>
      {shown.map((tag) => (
        <button
          key={tag}
          type="button"
          className="tag-chip"
          aria-pressed={selected.has(tag)}
          onClick={() => onToggle(tag)}
        >
          {tag}
        </button>
      ))}
      {hiddenCount > 0 && (
        <button
          type="button"
          className="tag-filter__more"
          aria-expanded={isExpanded}
          aria-controls={groupId}
          onClick={() => setExpanded((value) => !value)}
        >
          {isExpanded ? es.home.tags.fewer : es.home.tags.more(hiddenCount)}
        </button>
      )}
      {selected.size > 0 && (
        <button type="button" className="tag-filter__more" onClick={onClear}>
          {es.home.tags.clear}
        </button>
      )}
    </div>
  );
}
