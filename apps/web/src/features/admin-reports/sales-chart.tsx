import { useId } from 'react';
import type { SalesReport } from '@taquilla/contract';
import { adminReportsTexts as t } from './admin-reports.texts';
import { dayLabel, shortDayLabel } from './report-format';

const HEIGHT = 180;
const TOP = 20;
const BOTTOM = 28;
const SLOT = 36;
const MAX_LABELS = 14;

/** Places sold per day, whatever the currency: the one figure two currencies can share. */
export function placesByDay(byDay: SalesReport['by_day']): { day: string; places: number }[] {
  const totals = new Map<string, number>();
  for (const row of byDay) totals.set(row.day, (totals.get(row.day) ?? 0) + row.places);
  return [...totals].map(([day, places]) => ({ day, places }));
}

/**
 * A bar per day with sales, drawn by hand in SVG (no chart library): the image is named
 * and summed up for screen readers, and the table under it holds every figure.
 */
export function SalesChart({ byDay }: { byDay: SalesReport['by_day'] }) {
  const titleId = useId();
  const descId = useId();
  const days = placesByDay(byDay);
  if (days.length === 0) return null;
  const best = days.reduce((top, day) => (day.places > top.places ? day : top));
  const max = Math.max(1, best.places);
  const width = Math.max(days.length * SLOT, 240);
  const labelEvery = Math.ceil(days.length / MAX_LABELS);
  const plot = HEIGHT - TOP - BOTTOM;
  return (
    <figure className="sales-chart">
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        width={width}
        height={HEIGHT}
        className="sales-chart__svg"
      >
        <title id={titleId}>{t.byDay.chartTitle}</title>
        <desc id={descId}>
          {t.byDay.chartSummary(days.length, dayLabel(best.day), best.places)}
        </desc>
        <line
          x1={0}
          x2={width}
          y1={HEIGHT - BOTTOM}
          y2={HEIGHT - BOTTOM}
          className="sales-chart__axis"
        />
        {days.map((day, index) => {
          const barHeight = Math.max(1, (day.places / max) * plot);
          const x = index * SLOT + 6;
          const y = HEIGHT - BOTTOM - barHeight;
          return (
            <g key={day.day} data-testid="sales-chart-bar">
              <rect x={x} y={y} width={SLOT - 12} height={barHeight} className="sales-chart__bar">
                <title>{`${dayLabel(day.day)}: ${day.places}`}</title>
              </rect>
              <text x={x + (SLOT - 12) / 2} y={y - 4} className="sales-chart__value">
                {day.places}
              </text>
              {index % labelEvery === 0 && (
                <text x={x + (SLOT - 12) / 2} y={HEIGHT - 8} className="sales-chart__label">
                  {shortDayLabel(day.day)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
