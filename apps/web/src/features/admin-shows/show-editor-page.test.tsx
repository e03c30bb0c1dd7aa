import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminShow } from '@taquilla/contract';
import { callsOf, error, renderRoute } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';
import { descriptionOf, editorGateway, editorShow, type } from './admin-shows.test-kit';

/** The first render loads the route's module and draws every group. */
const SLOW = { timeout: 5000 };

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

// Each test draws the whole editor (every group), slow on a busy machine.
describe('console show editor', { timeout: 20_000 }, () => {
  beforeAll(() => {
    // Pages load lazily and draw every group: slow on a busy machine.
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('creates a show from the form, on Guatemala’s clock, then opens it', async () => {
    const created = editorShow({ fullname: 'Marimba en Concierto' });
    const fetchMock = editorGateway(created, {
      'POST /admin/shows': () => jsonResponse(201, created),
    });
    const router = renderRoute('/admin/shows/new');

    await screen.findByRole('heading', { level: 1, name: 'Nuevo evento' }, SLOW);
    expect(screen.queryByLabelText('Productora')).toBeNull();
    const toc = screen.getByRole('navigation', { name: 'Secciones del formulario' });
    const links = within(toc).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'General',
      'Imágenes',
      'Venta',
      'Fechas y funciones',
      'Pagos',
      'Registro',
      'Reproductor y chat',
      'Playlist',
      'Página del evento',
      'Ruta y página',
      'Países bloqueados',
    ]);
    for (const link of links) {
      const target = document.getElementById(link.getAttribute('href')?.slice(1) ?? '');
      expect(within(target as HTMLElement).getByRole('heading', { level: 2 }).textContent).toBe(
        link.textContent,
      );
    }
    type('Nombre del evento', 'Marimba en Concierto');
    type('Lugar', 'Teatro Nacional');
    type('Fecha y hora', '2027-03-13T20:00');
    type('Moneda', 'USD');
    fireEvent.click(screen.getByRole('button', { name: 'Crear evento' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/shows/${created._id}`));
    const post = callsOf(fetchMock).find(({ call }) => call === 'POST /admin/shows');
    expect(post?.body).toMatchObject({
      fullname: 'Marimba en Concierto',
      venue: 'Teatro Nacional',
      show_date: '2027-03-14T02:00:00.000Z',
      timezone: 'America/Guatemala',
      settings: { currency: 'USD', max_ticket_quantity: 10, duration: 2 },
    });
    expect(post?.body).not.toHaveProperty('producer');
    expect(post?.body).not.toHaveProperty('subtitle');
    expect(await screen.findByText('Cambios guardados.', {}, SLOW)).toBeTruthy();
  });

  it('checks the form with the contract before sending, naming each field', async () => {
    const fetchMock = editorGateway(editorShow());
    renderRoute('/admin/shows/new');
    await screen.findByRole('heading', { level: 1, name: 'Nuevo evento' }, SLOW);
    type('Nombre del evento', 'Sin fecha');
    type('Ruta del evento', 'Con Mayúsculas');
    fireEvent.click(screen.getByRole('button', { name: 'Crear evento' }));

    expect(await screen.findByText('Revisa los campos marcados.')).toBeTruthy();
    for (const label of ['Lugar', 'Fecha y hora', 'Ruta del evento']) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid'), label).toBe('true');
    }
    expect(screen.getByLabelText('Nombre del evento').getAttribute('aria-invalid')).toBeNull();
    expect(descriptionOf('Fecha y hora')).toMatch(/^Hora de America\/Guatemala\. .+/);
    expect(descriptionOf('Ruta del evento')).toContain('Usa minúsculas, números y guiones');
    expect(callsOf(fetchMock).some(({ call }) => call === 'POST /admin/shows')).toBe(false);
  });

  it('makes an admin pick the producer from GET /admin/producers', async () => {
    const created = editorShow();
    const fetchMock = editorGateway(
      created,
      {
        'GET /admin/producers': () =>
          jsonResponse(200, {
            items: [
              {
                _id: '00000000-0000-4000-8000-00000000beef',
                name: 'Producciones Quetzal',
                slug: 'producciones-quetzal',
                email: null,
                phone: null,
                created: '2026-01-01T00:00:00.000Z',
                users: 1,
                shows: 3,
              },
            ],
          }),
        'POST /admin/shows': () => jsonResponse(201, created),
      },
      'Admin',
    );
    renderRoute('/admin/shows/new');
    await screen.findByRole('option', { name: 'Producciones Quetzal' }, SLOW);
    type('Nombre del evento', 'Gala');
    type('Lugar', 'Teatro Nacional');
    type('Fecha y hora', '2027-03-13T20:00');
    fireEvent.click(screen.getByRole('button', { name: 'Crear evento' }));
    await waitFor(() => expect(descriptionOf('Productora')).toContain('Elige la productora'));
    expect(callsOf(fetchMock).some(({ call }) => call === 'POST /admin/shows')).toBe(false);

    type('Productora', '00000000-0000-4000-8000-00000000beef');
    fireEvent.click(screen.getByRole('button', { name: 'Crear evento' }));
    await waitFor(() =>
      expect(
        callsOf(fetchMock).find(({ call }) => call === 'POST /admin/shows')?.body,
      ).toMatchObject({
        producer: '00000000-0000-4000-8000-00000000beef',
      }),
    );
  });

  it('sends only what changed and shows the server’s 422 beside its field', async () => {
    const show = editorShow({ settings: { ...editorShow().settings, deposit: true } });
    const patches: unknown[] = [];
    const fetchMock = editorGateway(show, {
      'PATCH /admin/shows/:id': ({ body }) => {
        patches.push(body);
        return error(422, 'VALIDATION_ERROR', 'Los datos enviados no son válidos', [
          { field: 'settings.quickbuy_link', message: 'Usa una dirección completa' },
          { field: 'settings.deposit_info.0.value', message: 'Falta el número de cuenta' },
        ]);
      },
    });
    renderRoute(`/admin/shows/${show._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Noche de Gala · General' }, SLOW);

    save();
    expect(await screen.findByText('No hay cambios por guardar.')).toBeTruthy();
    expect(patches).toEqual([]);

    type('Nombre del evento', 'Noche de Gala 2027');
    type('Enlace de compra rápida', 'gala');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar dato' }));
    type('Dato 1: nombre', 'Banco');
    fireEvent.click(screen.getByLabelText('Acepta códigos promocionales'));
    save();

    await screen.findByText('Los datos enviados no son válidos');
    expect(patches).toEqual([
      {
        fullname: 'Noche de Gala 2027',
        settings: {
          quickbuy_link: 'gala',
          deposit_info: [{ label: 'Banco', value: '' }],
          has_promo_code: true,
        },
      },
    ]);
    expect(descriptionOf('Enlace de compra rápida')).toBe('Usa una dirección completa');
    expect(descriptionOf('Dato 1: valor')).toBe('Falta el número de cuenta');
    expect(screen.getByLabelText('Enlace de compra rápida').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(callsOf(fetchMock).filter(({ call }) => call.startsWith('PATCH'))).toHaveLength(1);
  });

  it('shows a taken vanity path under the path field, then saves and says so', async () => {
    const show = editorShow();
    let taken = true;
    const fetchMock = editorGateway(show, {
      'PATCH /admin/shows/:id': ({ body }) => {
        if (taken) return error(409, 'SHOW_PATH_TAKEN', 'Esa ruta ya la usa otro evento');
        return jsonResponse(200, { ...show, ...(body as Partial<AdminShow>) });
      },
    });
    renderRoute(`/admin/shows/${show._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Noche de Gala · General' }, SLOW);
    type('Ruta del evento', 'gala-2027');
    save();
    await waitFor(() =>
      expect(descriptionOf('Ruta del evento')).toContain('Esa ruta ya la usa otro evento'),
    );

    taken = false;
    type('Ruta del evento', 'gala-de-marzo');
    save();
    expect(await screen.findByText('Cambios guardados.')).toBeTruthy();
    expect(screen.queryByText('Tienes cambios sin guardar.')).toBeNull();
    const patches = callsOf(fetchMock).filter(({ call }) => call.startsWith('PATCH'));
    expect(patches.at(-1)?.body).toEqual({ path: 'gala-de-marzo' });
  });
});
