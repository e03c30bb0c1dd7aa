import type { Show } from '@taquilla/contract';

let sequence = 0;

/** A show as GET /shows answers it; override only what a test is about. */
export function buildShow(overrides: Partial<Show> = {}): Show {
  sequence += 1;
  return {
    _id: `show-${sequence}`,
    fullname: `Evento ${sequence}`,
    subtitle: null,
    description: null,
    description2: null,
    important_info: null,
    main_image: null,
    show_date: '2026-12-05T02:00:00.000Z',
    timezone: 'America/Guatemala',
    country: 'GT',
    venue: 'Teatro Nacional',
    venue_address: null,
    type: 'VENUE',
    status: 'ACTIVE',
    paid: true,
    parent_show_uid: null,
    producer: 'producer-1',
    tags: [],
    genre: null,
    icon: null,
    video_url: null,
    has_video: false,
    path: null,
    billboard: false,
    visible: true,
    settings: {
      currency: 'GTQ',
      max_ticket_quantity: 10,
      duration: 2,
      billboard_info_position: 'top',
    },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
