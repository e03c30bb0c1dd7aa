import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Show } from '@taquilla/contract';
import { jsonResponse } from '../../test/show-factory';
import { callsOf, error, renderRoute } from '../../test/session-factory';
import { descriptionOf, editorGateway, editorShow, type } from './admin-shows.test-kit';
import { ShowEditorPage } from './show-editor-page';

/** The show's page as a test double: what the preview was given, in words. */
function PreviewDouble({ show }: { show: Show }) {
  return <p>{`Página: ${show.settings.landing?.headline ?? show.fullname}`}</p>;
}

function renderEditor(showId: string) {
  const router = createMemoryRouter(
    [{ path: 'admin/shows/:id', element: <ShowEditorPage LandingPreview={PreviewDouble} /> }],
    { initialEntries: [`/admin/shows/${showId}`] },
  );
  render(<RouterProvider router={router} />);
}

const landingGroup = () => within(screen.getByRole('region', { name: 'Página del evento' }));
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
const patchesOf = (fetchMock: ReturnType<typeof editorGateway>) =>
  callsOf(fetchMock)
    .filter(({ call }) => call.startsWith('PATCH'))
    .map(({ body }) => body);

describe('show editor: the landing page group', { timeout: 20_000 }, () => {
  it('checks the landing with the contract, then sends only the landing', async () => {
    const show = editorShow({
      settings: { ...editorShow().settings, deposit: true, chat_visible: false },
    });
    const fetchMock = editorGateway(show);
    renderEditor(show._id);
    await screen.findByRole('heading', { level: 1, name: 'Noche de Gala · General' });

    const group = landingGroup();
    fireEvent.change(group.getByLabelText('Plantilla de la página'), {
      target: { value: 'gallery' },
    });
    type('Título de la página', 'Navidad en casa');
    type('Video promocional (dirección)', 'youtube.com/navidad');
    const frame = group.getByTitle('Vista previa de la página del evento') as HTMLIFrameElement;
    await waitFor(() =>
      expect(within(frame.contentDocument!.body).getByText('Página: Navidad en casa')).toBeTruthy(),
    );
    save();

    expect(await screen.findByText('Revisa los campos marcados.')).toBeTruthy();
    expect(descriptionOf('Video promocional (dirección)')).toContain(
      'Escribe una dirección completa (https://…) o una ruta de este sitio (/storage/…)',
    );
    expect(patchesOf(fetchMock)).toEqual([]);

    type('Video promocional (dirección)', 'https://video.example/navidad');
    save();
    expect(await screen.findByText('Cambios guardados.')).toBeTruthy();
    expect(patchesOf(fetchMock)).toEqual([
      {
        settings: {
          landing: {
            template: 'gallery',
            headline: 'Navidad en casa',
            promo_video: 'https://video.example/navidad',
          },
        },
      },
    ]);
  });

  it('shows the server’s 422 about a landing field under that field', async () => {
    const show = editorShow({
      settings: {
        ...editorShow().settings,
        landing: { template: 'cast', people: [{ name: 'Ana Ruiz' }] },
      },
    });
    const fetchMock = editorGateway(show, {
      'PATCH /admin/shows/:id': () =>
        error(422, 'VALIDATION_ERROR', 'Los datos enviados no son válidos', [
          { field: 'settings.landing.people.0.bio', message: 'La biografía es demasiado larga' },
        ]),
    });
    renderEditor(show._id);
    await screen.findByRole('heading', { level: 1, name: 'Noche de Gala · General' });

    type('Biografía', 'Actriz y directora.');
    save();
    await screen.findByText('Los datos enviados no son válidos');
    expect(descriptionOf('Biografía')).toBe('La biografía es demasiado larga');
    expect(patchesOf(fetchMock)).toEqual([
      {
        settings: {
          landing: {
            template: 'cast',
            people: [{ name: 'Ana Ruiz', bio: 'Actriz y directora.' }],
          },
        },
      },
    ]);
  });

  it('creates a show inside a channel from its link, for the channel’s producer', async () => {
    const channel = editorShow({
      fullname: 'Canal Voces',
      producer: '00000000-0000-4000-8000-0000000000c1',
      settings: { ...editorShow().settings, landing: { template: 'channel' } },
    });
    const created = editorShow({ fullname: 'Episodio 1', parent_show_uid: channel._id });
    const fetchMock = editorGateway(
      channel,
      { 'POST /admin/shows': () => jsonResponse(201, created) },
      'Admin',
    );
    renderRoute(`/admin/shows/new?parent=${channel._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Nuevo evento' });
    expect(
      await screen.findByText('El evento se creará dentro de «Canal Voces», con su productora.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Productora')).toBeNull();

    type('Nombre del evento', 'Episodio 1');
    type('Lugar', 'En línea');
    type('Fecha y hora', '2027-03-13T20:00');
    fireEvent.click(screen.getByRole('button', { name: 'Crear evento' }));
    await waitFor(() =>
      expect(
        callsOf(fetchMock).find(({ call }) => call === 'POST /admin/shows')?.body,
      ).toMatchObject({
        fullname: 'Episodio 1',
        parent_show_uid: channel._id,
        producer: '00000000-0000-4000-8000-0000000000c1',
      }),
    );
  });
});
