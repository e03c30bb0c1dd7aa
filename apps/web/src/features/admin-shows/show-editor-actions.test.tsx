import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminShow } from '@taquilla/contract';
import { callsOf, error, renderRoute } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';
import { editorGateway, editorShow, type } from './admin-shows.test-kit';

const SLOW = { timeout: 5000 };
const heading = () =>
  screen.findByRole('heading', { level: 1, name: 'Noche de Gala · General' }, SLOW);

// Each test draws the whole editor (every group), slow on a busy machine.
describe('console show editor: status, delete, images and dates', { timeout: 20_000 }, () => {
  beforeAll(() => {
    // Pages load lazily and draw every group: slow on a busy machine.
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('confirms a cancellation with a warning of what it does, then sends it', async () => {
    const show = editorShow({ status: 'ACTIVE' });
    let status: AdminShow['status'] = 'ACTIVE';
    const fetchMock = editorGateway(show, {
      'GET /admin/shows/:id': () => jsonResponse(200, { ...show, status }),
      'PUT /admin/shows/:id/status': ({ body }) => {
        status = (body as { status: AdminShow['status'] }).status;
        return jsonResponse(200, { ...show, status });
      },
    });
    renderRoute(`/admin/shows/${show._id}`);
    await heading();
    const apply = screen.getByRole('button', { name: 'Cambiar estado' });
    expect((apply as HTMLButtonElement).disabled).toBe(true);

    type('Estado del evento', 'CANCELLED');
    fireEvent.click(apply);
    const dialog = await screen.findByRole('dialog', { name: '¿Cambiar el estado a «Cancelado»?' });
    expect(
      within(dialog).getByText(/nadie podrá comprar boletos ni ver la transmisión/),
    ).toBeTruthy();
    const puts = () => callsOf(fetchMock).filter(({ call }) => call.startsWith('PUT /admin/shows'));
    expect(puts()).toHaveLength(0);

    // "Volver" sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    expect(puts()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cambiar estado' }));
    const again = await screen.findByRole('dialog', { name: '¿Cambiar el estado a «Cancelado»?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Cambiar a «Cancelado»' }));
    await waitFor(() => expect(puts().map(({ body }) => body)).toEqual([{ status: 'CANCELLED' }]));
    // The frame reads the show again: its status tag follows.
    expect(await screen.findByText('Cancelado', { selector: '.status-tag' }, SLOW)).toBeTruthy();
  });

  it('keeps unsaved edits through a status change', async () => {
    const show = editorShow({ status: 'NEW' });
    let status: AdminShow['status'] = 'NEW';
    const fetchMock = editorGateway(show, {
      'GET /admin/shows/:id': () => jsonResponse(200, { ...show, status }),
      'PUT /admin/shows/:id/status': () => {
        status = 'SOON';
        return jsonResponse(200, { ...show, status });
      },
    });
    renderRoute(`/admin/shows/${show._id}`);
    await heading();
    type('Subtítulo', 'Con la Orquesta Sinfónica');
    type('Estado del evento', 'SOON');
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar estado' }));
    const dialog = await screen.findByRole('dialog', {
      name: '¿Cambiar el estado a «Próximamente»?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cambiar a «Próximamente»' }));
    expect(await screen.findByText('Próximamente', { selector: '.status-tag' }, SLOW)).toBeTruthy();
    expect((screen.getByLabelText('Subtítulo') as HTMLInputElement).value).toBe(
      'Con la Orquesta Sinfónica',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(callsOf(fetchMock).find(({ call }) => call.startsWith('PATCH'))?.body).toEqual({
        subtitle: 'Con la Orquesta Sinfónica',
      }),
    );
  });

  it('warns about closing too, and not for an ordinary change', async () => {
    const show = editorShow({ status: 'NEW' });
    editorGateway(show);
    renderRoute(`/admin/shows/${show._id}`);
    await heading();
    type('Estado del evento', 'CLOSED');
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar estado' }));
    const closing = await screen.findByRole('dialog', { name: '¿Cambiar el estado a «Cerrado»?' });
    expect(within(closing).getByText(/la transmisión termina para todos/)).toBeTruthy();
    fireEvent.click(within(closing).getByRole('button', { name: 'Volver' }));

    type('Estado del evento', 'ACTIVE');
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar estado' }));
    const selling = await screen.findByRole('dialog', {
      name: '¿Cambiar el estado a «A la venta»?',
    });
    expect(within(selling).queryByText(/nadie podrá|termina para todos/)).toBeNull();
  });

  it('keeps a refused delete’s 409 in the dialog, and leaves for the list after a delete', async () => {
    const show = editorShow();
    let sold = true;
    const fetchMock = editorGateway(show, {
      'DELETE /admin/shows/:id': () =>
        sold
          ? error(409, 'SHOW_HAS_ORDERS', 'No se puede eliminar un evento que tiene órdenes')
          : jsonResponse(200, show),
    });
    const router = renderRoute(`/admin/shows/${show._id}`);
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar evento' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar este evento?' });
    expect(within(dialog).getByText(/Se eliminará «Noche de Gala»/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar evento' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'No se puede eliminar un evento que tiene órdenes',
    );
    expect(router.state.location.pathname).toBe(`/admin/shows/${show._id}`);

    sold = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar evento' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/shows'));
    expect(callsOf(fetchMock).filter(({ call }) => call.startsWith('DELETE'))).toHaveLength(2);
  });

  it('uploads an image with a preview and saves its address with the show', async () => {
    const show = editorShow();
    const url = `http://localhost:3000/storage/public/shows/${show._id}/main_image-1.png`;
    const fetchMock = editorGateway(show, {
      'POST /admin/shows/:id/images': () =>
        jsonResponse(201, {
          field: 'main_image',
          url,
          content_type: 'image/png',
          size: 4,
          width: 1,
          height: 1,
          variants: [480, 960, 1600].map((width) => ({
            width,
            url: url.replace(/\.png$/, `-${width}w.webp`),
          })),
        }),
    });
    renderRoute(`/admin/shows/${show._id}`);
    await heading();

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'enorme.png', {
      type: 'image/png',
    });
    fireEvent.change(screen.getByLabelText('Subir imagen principal'), { target: { files: [big] } });
    expect(await screen.findByText('La imagen pesa más de 5 MB.')).toBeTruthy();

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cartel.png', {
      type: 'image/png',
    });
    fireEvent.change(screen.getByLabelText('Subir imagen principal'), {
      target: { files: [file] },
    });
    const preview = (await screen.findByRole('img', {
      name: 'Vista previa: imagen principal',
    })) as HTMLImageElement;
    expect(preview.getAttribute('src')).toBe(url);
    const uploads = fetchMock.mock.calls.filter(([input]) => String(input).includes('/images'));
    expect(uploads).toHaveLength(1);
    const [input, init] = uploads[0] as [string, RequestInit];
    expect(new URL(input, 'http://localhost').search).toBe('?field=main_image');
    expect(init.body).toBe(file);
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('image/png');

    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(callsOf(fetchMock).find(({ call }) => call.startsWith('PATCH'))?.body).toEqual({
        main_image: url,
      }),
    );
  });

  it('lists the show’s dates and adds one on the show’s clock', async () => {
    const show = editorShow({ settings: { ...editorShow().settings, has_show_dates: true } });
    const first = editorShow({
      fullname: 'Noche de Gala',
      parent_show_uid: show._id,
      show_date: '2027-03-15T02:00:00.000Z',
    });
    const dates = [first];
    const fetchMock = editorGateway(show, {
      'GET /admin/shows': (request) =>
        request.url.searchParams.get('parent') === show._id
          ? jsonResponse(200, { items: dates, total: dates.length, page: 1, page_size: 100 })
          : jsonResponse(404, {}),
      'POST /admin/shows': ({ body }) => {
        // As the gateway answers: the settings the body left out come back with their defaults.
        const sent = body as Partial<AdminShow>;
        const settings = { ...editorShow().settings, ...sent.settings };
        const date = editorShow({ ...sent, settings, status: 'NEW' });
        dates.push(date);
        return jsonResponse(201, date);
      },
    });
    renderRoute(`/admin/shows/${show._id}`);
    await heading();
    const list = await screen.findByRole('list', { name: 'Fechas del evento' });
    expect(
      within(list)
        .getByRole('link', { name: /domingo, 14 de marzo de 2027.*20:00/ })
        .getAttribute('href'),
    ).toBe(`/admin/shows/${first._id}`);

    type('Fecha y hora de la nueva función', '2027-03-20T19:30');
    type('Nombre de la función (opcional)', 'Función de clausura');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar fecha' }));
    expect(await screen.findByText(/Se agregó la fecha sábado, 20 de marzo de 2027/)).toBeTruthy();
    expect(callsOf(fetchMock).find(({ call }) => call === 'POST /admin/shows')?.body).toEqual({
      fullname: 'Función de clausura',
      show_date: '2027-03-21T01:30:00.000Z',
      venue: 'Teatro Nacional',
      venue_address: null,
      timezone: 'America/Guatemala',
      country: 'GT',
      type: 'VENUE',
      parent_show_uid: show._id,
      producer: show.producer,
      settings: { is_show_date: true, currency: 'GTQ' },
    });
    // The list is read again with the new date.
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Fechas del evento' })).getAllByRole('link'),
      ).toHaveLength(2),
    );
  });
});
