import type { Show } from '@taquilla/contract';
import { showLabels } from './show-presentation';

/** "EN VIVO" / "POR DEMANDA" overlays and the "Próximamente" / buy badges of a show. */
export function ShowStatusBadges({ show }: { show: Pick<Show, 'status' | 'paid'> }) {
  return showLabels(show).map((label) => (
    <span
      key={label.key}
      className={`badge badge--${label.kind} badge--${label.key.toLowerCase().replace(/\s+/g, '-')}`}
    >
      {label.text}
    </span>
  ));
}
