import { ARRIVE_EARLY } from './catalogue-venue.ts';
import { seatMapTickets } from './maps.ts';
import { PATHS, TEATRO_NACIONAL } from './paths.ts';
import type { ShowSpec } from './shows.ts';
import { guatemalaTime } from './util.ts';

/**
 * The seat-map show and its two dates (funciones). The map belongs to the
 * parent; each date sells its seats on its own (reservations carry the
 * date's id), and every section's ticket is valid for both dates.
 */
export function seatMapShows(now: Date): ShowSpec[] {
  const galaDates = [35, 36].map((days) => guatemalaTime(now, days, 20));
  return [
    {
      path: PATHS.seatMap,
      producer: 'quetzal',
      fullname: 'Noche de Gala Sinfónica',
      subtitle: 'Orquesta Filarmónica del Valle · Grandes clásicos del cine',
      description:
        'Una noche de gala en la Gran Sala Efraín Recinos con las bandas sonoras más queridas del cine, interpretadas por ochenta músicos en escena. Elige tu butaca en el mapa: platea, balcón, galería, palcos o mesas VIP con servicio de cena.',
      importantInfo: `${ARRIVE_EARLY} Vestimenta formal sugerida. No se permite el ingreso una vez iniciado cada movimiento.`,
      showDate: galaDates[0] as Date,
      ...TEATRO_NACIONAL,
      status: 'ACTIVE',
      paid: true,
      tags: ['música', 'sinfónica', 'cine'],
      genre: 'Clásica',
      icon: 'music',
      settings: {
        has_map: true,
        has_show_dates: true,
        has_promo_code: true,
        max_ticket_quantity: 8,
        duration: 2.5,
      },
      tickets: seatMapTickets([...PATHS.seatMapChildren]),
    },
    ...PATHS.seatMapChildren.map((path, index): ShowSpec => ({
      path,
      image: PATHS.seatMap,
      producer: 'quetzal',
      parentPath: PATHS.seatMap,
      fullname: `Noche de Gala Sinfónica · Función ${index + 1}`,
      subtitle: 'Orquesta Filarmónica del Valle · Grandes clásicos del cine',
      description:
        'Función de la Noche de Gala Sinfónica en la Gran Sala Efraín Recinos del Teatro Nacional.',
      importantInfo: `${ARRIVE_EARLY} Vestimenta formal sugerida.`,
      showDate: galaDates[index] as Date,
      ...TEATRO_NACIONAL,
      status: 'ACTIVE',
      paid: true,
      visible: false,
      tags: ['música', 'sinfónica', 'cine'],
      genre: 'Clásica',
      icon: 'music',
      settings: { is_show_date: true, has_map: true, duration: 2.5 },
    })),
  ];
}
