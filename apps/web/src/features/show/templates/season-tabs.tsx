import { useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { landingTexts as t } from './landing.texts';

/**
 * The podcast's season tabs (002 §2.8): an ARIA tablist. Arrow keys, Home and End move
 * to a tab and open it; only the open tab is in the Tab order, then its panel.
 */
export function SeasonTabs({
  seasons,
  value,
  onChange,
  children,
}: {
  seasons: readonly number[];
  value: number;
  onChange: (season: number) => void;
  children: ReactNode;
}) {
  const baseId = useId();
  const tabs = useRef(new Map<number, HTMLButtonElement>());
  const tabId = (season: number) => `${baseId}-tab-${season}`;
  const panelId = `${baseId}-panel`;

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const index = seasons.indexOf(value);
    const last = seasons.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % seasons.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + seasons.length) % seasons.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const season = seasons[next]!;
    onChange(season);
    tabs.current.get(season)?.focus();
  }

  return (
    <>
      <div className="landing-tabs" role="tablist" aria-label={t.podcast.seasons} onKeyDown={move}>
        {seasons.map((season) => {
          const isSelected = season === value;
          return (
            <button
              key={season}
              ref={(element) => {
                if (element) tabs.current.set(season, element);
                else tabs.current.delete(season);
              }}
              type="button"
              role="tab"
              id={tabId(season)}
              className="landing-tab"
              aria-selected={isSelected}
              aria-controls={panelId}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onChange(season)}
            >
              {t.podcast.season(season)}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)} tabIndex={0}>
        {children}
      </div>
    </>
  );
}
