// The on-sale show of the benchmarks, made through the organiser API as an
// organiser would: a 1,000-seat map (Platea 800, Balcón 200) and a General
// standing ticket of 300 places, on sale now; and a buyer's card details.
import { adminHeaders, api } from './lib.mjs';

export async function createOnsaleShow(base, env) {
  const admin = await adminHeaders(base, env);
  const producers = await api(base, 'GET', '/admin/producers', admin);
  const producer = producers.items[0]?._id;
  if (!producer) throw new Error('the seed has no producer');
  const show = await api(base, 'POST', '/admin/shows', admin, {
    fullname: 'Gran Preventa (benchmark)',
    show_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    venue: 'Teatro Nacional',
    status: 'ACTIVE',
    producer,
    settings: { has_map: true, max_ticket_quantity: 10 },
  });
  const ticket = (code, fullname, capacity, type) =>
    api(base, 'POST', `/admin/shows/${show._id}/tickets`, admin, {
      code,
      fullname,
      type,
      price: 250,
      fee: 10,
      payment_type: ['CREDIT_CARD'],
      capacity,
    });
  const platea = await ticket('PLATEA', 'Platea', 800, 'VENUE_SEAT');
  const balcon = await ticket('BALCON', 'Balcón', 200, 'VENUE_SEAT');
  const general = await ticket('GENERAL', 'General', 300, 'GENERAL');
  const map = await api(base, 'PUT', `/admin/shows/${show._id}/map`, admin, {
    name: 'Sala principal',
    section_grid_rows: 2,
    section_grid_cols: 1,
    sections: [
      {
        name: 'Platea',
        type: 'SEATS',
        map_rows: 20,
        map_columns: 40,
        section_grid_row: 0,
        section_grid_col: 0,
        ticket_uid: platea._id,
      },
      {
        name: 'Balcón',
        type: 'SEATS',
        map_rows: 5,
        map_columns: 40,
        section_grid_row: 1,
        section_grid_col: 0,
        ticket_uid: balcon._id,
      },
    ],
  });
  const sections = [];
  for (const section of map.sections) {
    const seats = await api(
      base,
      'POST',
      `/shows/${show._id}/map/seats`,
      {
        'content-type': 'application/json',
      },
      { location: map._id, section: section._id },
    );
    sections.push({
      id: section._id,
      ticket: section.show_tickets[0],
      seats: seats.map((s) => s._id),
    });
  }
  return { showId: show._id, mapId: map._id, sections, general: general._id };
}

/** The payment details of buyer `i`, paying by card on the sandbox (4111…, approved). */
export const cardBuyer = (i) => ({
  firstname: 'Comprador',
  lastname: `Número ${i}`,
  email: `comprador${i}@bench.example`,
  phone: '55550000',
  address: 'Ciudad',
  city: 'Guatemala',
  state: 'Guatemala',
  country: 'GT',
  nit: 'C/F',
  cc_name: 'COMPRADOR BENCH',
  cc_number: '4111111111111111',
  cc_exp: '12/30',
  cc_cvv2: '123',
});
