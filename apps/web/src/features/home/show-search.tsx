import { useEffect, useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Show } from '@taquilla/contract';
import { formatShowDate, isOnlineShow, showPath } from '../../components/shows/show-presentation';
import { SearchIcon } from '../../components/icons';
import { es } from '../../i18n/es';
import { SEARCH_MIN_LENGTH, useShowSearch } from './use-show-search';

/**
 * The home search box: a WAI-ARIA combobox whose listbox suggests shows by name or venue.
 * Focus stays in the input; arrows move the active option, Enter opens it, Escape closes
 * the list (and clears the box when the list is already closed).
 */
export function ShowSearch() {
  const [term, setTerm] = useState('');
  const [isOpen, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const search = useShowSearch(term);
  const navigate = useNavigate();
  const baseId = useId();
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const { results } = search;
  const isSearchable = term.trim().length >= SEARCH_MIN_LENGTH;
  const isExpanded = isOpen && isSearchable;
  const hasOptions = isExpanded && results.length > 0;
  const active = hasOptions && activeIndex < results.length ? activeIndex : -1;

  useEffect(() => {
    if (active < 0) return;
    document.getElementById(`${baseId}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, baseId]);

  function choose(show: Show) {
    setOpen(false);
    setActiveIndex(-1);
    setTerm('');
    void navigate(showPath(show));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!isOpen) {
          setOpen(true);
          return;
        }
        if (!hasOptions) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // From "nothing active", down goes to the first option and up to the last.
        const from = active < 0 ? (step === 1 ? -1 : results.length) : active;
        setActiveIndex((from + step + results.length) % results.length);
        return;
      }
      case 'Enter': {
        if (!hasOptions) return;
        event.preventDefault();
        const chosen = results[active < 0 ? 0 : active];
        if (chosen) choose(chosen);
        return;
      }
      case 'Escape': {
        event.preventDefault();
        if (isExpanded) {
          setOpen(false);
          setActiveIndex(-1);
        } else {
          setTerm('');
        }
        return;
      }
      default:
    }
  }

  return (
    <form className="show-search" role="search" onSubmit={(event) => event.preventDefault()}>
      <label className="visually-hidden" htmlFor={`${baseId}-input`}>
        {es.home.search.label}
      </label>
      <div className="show-search__field">
        <SearchIcon className="show-search__icon" />
        <input
          id={`${baseId}-input`}
          className="show-search__input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder={es.home.search.placeholder}
          aria-autocomplete="list"
          aria-expanded={isExpanded}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className="show-search__popup" hidden={!isExpanded}>
        <ul
          id={listId}
          role="listbox"
          aria-label={es.home.search.resultsLabel}
          className="show-search__list"
        >
          {isExpanded &&
            results.map((show, index) => (
              <li
                key={show._id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="show-search__option"
                // Keeps the focus in the input, so the click lands before the list closes.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActiveIndex(index)}
                onClick={() => choose(show)}
              >
                <span className="show-search__name">{show.fullname}</span>
                <span className="show-search__meta">
                  {isOnlineShow(show) ? es.show.online : show.venue} ·{' '}
                  {formatShowDate(show, 'card')}
                </span>
              </li>
            ))}
        </ul>
        {isExpanded && search.status !== 'success' && results.length === 0 && (
          <p className="show-search__message">
            {search.status === 'error' ? es.home.search.failed : es.status.loading}
          </p>
        )}
        {isExpanded && search.status === 'success' && results.length === 0 && (
          <p className="show-search__message">{es.home.search.noResults(term.trim())}</p>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {isExpanded && search.status === 'success' ? es.home.search.count(results.length) : ''}
      </p>
    </form>
  );
}
