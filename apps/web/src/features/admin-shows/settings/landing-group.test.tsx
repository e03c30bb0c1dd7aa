import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { AdminShow, Show } from '@taquilla/contract';
import { stubGateway } from '../../../test/session-factory';
import { jsonResponse } from '../../../test/show-factory';
import { editorShow } from '../admin-shows.test-kit';
import { applySettingsPatch, valuesOf } from '../show-draft';
import { LandingGroup } from './landing-group';
import type { LandingPreviewComponent } from './landing-preview-frame';
import { box, descriptionOf } from './settings-test-kit';

const SHOW_ID = '00000000-0000-4000-8000-0000000000a1';

function page(items: Partial<AdminShow>[]) {
  const shows = items.map((item) => editorShow(item));
  return jsonResponse(200, { items: shows, total: shows.length, page: 1, page_size: 500 });
}

/**
 * The group as the editor draws it: it holds the settings, applies every patch as PATCH
 * does and hands them back; `patches` records what the group emitted, in order.
 */
function renderLanding({
  landing,
  errors = {},
  Preview,
  handlers = {},
}: {
  landing?: Record<string, unknown>;
  errors?: Record<string, string>;
  Preview?: LandingPreviewComponent;
  handlers?: Parameters<typeof stubGateway>[0];
} = {}) {
  stubGateway({
    'GET /admin/shows': () => page([]),
    ...handlers,
  });
  const show = editorShow({
    _id: SHOW_ID,
    settings: {
      ...editorShow().settings,
      ...(landing ? { landing } : {}),
    } as AdminShow['settings'],
  });
  const patches: Record<string, unknown>[] = [];
  let current: Record<string, unknown> = show.settings;
  const { fields } = valuesOf(show);
  function Harness() {
    const [settings, setSettings] = useState(current);
    return (
      <MemoryRouter>
        <LandingGroup
          show={show}
          fields={fields}
          onFieldsChange={() => undefined}
          settings={settings}
          errors={errors}
          LandingPreview={Preview}
          onChange={(patch) => {
            patches.push(patch);
            current = applySettingsPatch(current, patch);
            setSettings(current);
          }}
        />
      </MemoryRouter>
    );
  }
  render(<Harness />);
  return { patches, landing: () => current.landing as Record<string, unknown> | undefined };
}

const pick = (name: string) =>
  fireEvent.change(screen.getByLabelText('Plantilla de la página'), { target: { value: name } });
const typeIn = (control: HTMLElement, value: string) =>
  fireEvent.change(control, { target: { value } });

describe('landing group: the template and its fields', () => {
  it('shows the fields of the picked template and hides the others', () => {
    const { patches } = renderLanding();
    const select = screen.getByLabelText('Plantilla de la página') as HTMLSelectElement;
    expect(select.value).toBe('show');
    expect(within(select).getAllByRole('option')).toHaveLength(15);
    expect(descriptionOf(select)).toContain('Boletos o registro');
    expect(screen.getByLabelText('Título de la página')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Redes sociales' })).toBeNull();

    pick('artist');
    expect(patches.at(-1)).toEqual({ landing: { template: 'artist' } });
    expect(descriptionOf(select)).toContain('redes sociales');
    expect(screen.getByRole('group', { name: 'Redes sociales' })).toBeTruthy();
    expect(screen.getByText(/imágenes de encabezado/)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Ir a «Reproductor y chat»' }).getAttribute('href'),
    ).toBe('#show-group-player');
    expect(screen.queryByRole('group', { name: 'Canciones' })).toBeNull();

    pick('album');
    expect(screen.queryByRole('group', { name: 'Redes sociales' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Canciones' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Álbum completo (.zip)' })).toBeTruthy();
    expect(screen.queryByLabelText('Video promocional (dirección)')).toBeNull();

    pick('gallery');
    expect(screen.getByLabelText('Video promocional (dirección)')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Galería' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Álbum completo (.zip)' })).toBeNull();
  });

  it('keeps only the picked template’s content, and brings the rest back on return', () => {
    const { landing } = renderLanding({
      landing: {
        template: 'artist',
        headline: 'Hola',
        socials: [{ label: 'Instagram', url: 'https://instagram.com/banda' }],
      },
    });
    pick('cast');
    expect(landing()).toEqual({ template: 'cast', headline: 'Hola' });
    pick('artist');
    expect(landing()).toEqual({
      template: 'artist',
      headline: 'Hola',
      socials: [{ label: 'Instagram', url: 'https://instagram.com/banda' }],
    });
    expect(
      (box('Red social 1').getByLabelText('Dirección del perfil') as HTMLInputElement).value,
    ).toBe('https://instagram.com/banda');
  });

  it('drops a blank text and the generic landing left with nothing', () => {
    const { patches } = renderLanding({ landing: { template: 'show', headline: 'Bienvenidos' } });
    typeIn(screen.getByLabelText('Título de la página'), '  ');
    expect(patches.at(-1)).toEqual({ landing: null });
  });

  it('points a film to the groups that edit its credits and poster', () => {
    renderLanding({ landing: { template: 'film' } });
    expect(screen.getByText(/La ficha de la película/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a «Ruta y página»' }).getAttribute('href')).toBe(
      '#show-group-route',
    );
    expect(screen.getByRole('link', { name: 'Ir a «Imágenes»' })).toBeTruthy();
  });

  it('lists a channel’s shows and links to create one inside it', async () => {
    renderLanding({
      landing: { template: 'series' },
      handlers: {
        'GET /admin/shows': ({ url }) =>
          url.searchParams.get('parent') === SHOW_ID
            ? page([{ fullname: 'Capítulo 1', parent_show_uid: SHOW_ID }])
            : page([]),
      },
    });
    const list = await screen.findByRole('list', { name: 'Eventos de este canal' });
    expect(within(list).getByRole('link', { name: 'Editar «Capítulo 1»' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Crear un evento dentro de este' }).getAttribute('href'),
    ).toBe(`/admin/shows/new?parent=${SHOW_ID}`);
  });
});

describe('landing group: lists', () => {
  it('adds, fills, reorders and removes social links, committing the whole list', async () => {
    const { landing } = renderLanding({ landing: { template: 'artist' } });
    fireEvent.click(screen.getByRole('button', { name: 'Añadir red social' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        box('Red social 1').getByLabelText('Nombre (Instagram, YouTube…)'),
      ),
    );
    typeIn(box('Red social 1').getByLabelText('Nombre (Instagram, YouTube…)'), 'YouTube');
    typeIn(box('Red social 1').getByLabelText('Dirección del perfil'), 'https://yt.com/b');
    fireEvent.click(screen.getByRole('button', { name: 'Añadir red social' }));
    typeIn(box('Red social 2').getByLabelText('Nombre (Instagram, YouTube…)'), 'TikTok');

    fireEvent.click(screen.getByRole('button', { name: 'Subir «TikTok»' }));
    expect(landing()?.socials).toEqual([
      { label: 'TikTok', url: '' },
      { label: 'YouTube', url: 'https://yt.com/b' },
    ]);
    expect(screen.getByText('«TikTok» ahora está en la posición 1 de 2.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Quitar «YouTube»' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    expect(landing()?.socials).toEqual([{ label: 'TikTok', url: '' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Quitar «TikTok»' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Quitar' }),
    );
    expect(landing()).toEqual({ template: 'artist' });
    expect(screen.getByText('Sin redes sociales.')).toBeTruthy();
  });

  it('edits the speakers and the material of a seminar, leaving blank optional texts out', () => {
    const { landing } = renderLanding({ landing: { template: 'seminar' } });
    expect(screen.getByRole('group', { name: 'Conferencistas' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Añadir persona' }));
    typeIn(box('Persona 1').getByLabelText('Nombre'), 'Ana Ruiz');
    typeIn(box('Persona 1').getByLabelText('Papel o cargo'), 'Ponente');
    typeIn(box('Persona 1').getByLabelText('Papel o cargo'), '');
    typeIn(
      box('Persona 1').getByLabelText('Dirección de foto de la persona 1'),
      '/storage/public/ana.png',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Añadir archivo' }));
    typeIn(box('Archivo 1').getByLabelText('Título'), 'Guía');
    typeIn(box('Archivo 1').getByLabelText('Archivo (dirección)'), '/storage/guia.pdf');
    expect(landing()).toEqual({
      template: 'seminar',
      people: [{ name: 'Ana Ruiz', photo: '/storage/public/ana.png' }],
      downloads: [{ title: 'Guía', file: '/storage/guia.pdf' }],
    });
  });

  it('shows each saved file’s download count beside it', async () => {
    renderLanding({
      landing: {
        template: 'album',
        downloads: [
          { title: 'Canción 1', file: '/storage/1.mp3' },
          { title: 'Canción 2', file: '/storage/2.mp3' },
        ],
        zip: { title: 'Todo', file: '/storage/todo.zip' },
      },
      handlers: {
        'GET /admin/shows/:id/downloads': () =>
          jsonResponse(200, {
            items: [
              { file: '/storage/1.mp3', title: 'Canción 1', count: 12 },
              { file: '/storage/2.mp3', title: 'Canción 2', count: 1 },
              { file: '/storage/todo.zip', title: 'Todo', count: 0 },
            ],
          }),
      },
    });
    expect(await box('Archivo 1').findByText('12 descargas')).toBeTruthy();
    expect(box('Archivo 2').getByText('1 descarga')).toBeTruthy();
    expect(box('Álbum completo (.zip)').getByText('0 descargas')).toBeTruthy();
  });

  it('pins up to six of the producer’s other shows', async () => {
    const others = Array.from({ length: 7 }, (_, index) => ({
      _id: `00000000-0000-4000-8000-00000000000${index + 1}`,
      fullname: `Evento ${index + 1}`,
    }));
    const { landing } = renderLanding({
      landing: { template: 'producer' },
      handlers: {
        'GET /admin/shows': () =>
          page([
            ...others,
            { _id: SHOW_ID, fullname: 'Esta productora' },
            { fullname: 'Una fecha', parent_show_uid: others[0]?._id ?? null },
          ]),
      },
    });
    const picker = box('Eventos destacados');
    await picker.findByLabelText('Evento 1');
    expect(picker.queryByLabelText('Esta productora')).toBeNull();
    expect(picker.queryByLabelText('Una fecha')).toBeNull();
    for (const index of [3, 1, 2, 4, 5, 6])
      fireEvent.click(picker.getByLabelText(`Evento ${index}`));
    expect(landing()?.featured).toEqual(
      [3, 1, 2, 4, 5, 6].map((index) => `00000000-0000-4000-8000-00000000000${index}`),
    );
    expect((picker.getByLabelText('Evento 7') as HTMLInputElement).disabled).toBe(true);
    expect(picker.getByText(/Ya marcaste 6 eventos/)).toBeTruthy();
  });
});

describe('landing group: messages and preview', () => {
  it('shows the server’s message under its field, and one no field shows above the group', () => {
    renderLanding({
      landing: { template: 'artist', socials: [{ label: 'Instagram', url: 'instagram' }] },
      errors: {
        'settings.landing.socials.0.url':
          'Escribe una dirección completa (https://…) o una ruta de este sitio (/storage/…)',
        'settings.landing.zip.file': 'Archivo inválido',
      },
    });
    const url = box('Red social 1').getByLabelText('Dirección del perfil');
    expect(descriptionOf(url)).toContain('Escribe una dirección completa (https://…)');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(within(screen.getByRole('alert')).getByText('Archivo inválido')).toBeTruthy();
  });

  it('draws the preview component with the draft, as the public show, as the organiser types', async () => {
    const drawn: Show[] = [];
    function PreviewDouble({ show }: { show: Show }) {
      drawn.push(show);
      return (
        <p>
          {show.settings.landing?.template}: {show.settings.landing?.headline}
        </p>
      );
    }
    renderLanding({ landing: { template: 'gallery' }, Preview: PreviewDouble });
    const region = screen.getByRole('region', { name: 'Vista previa' });
    const frame = within(region).getByTitle('Vista previa de la página del evento');
    const inFrame = () => within((frame as HTMLIFrameElement).contentDocument!.body);
    expect(await waitFor(() => inFrame().getByText('gallery:'))).toBeTruthy();

    typeIn(screen.getByLabelText('Título de la página'), 'Navidad en casa');
    expect(await waitFor(() => inFrame().getByText('gallery: Navidad en casa'))).toBeTruthy();
    const last = drawn.at(-1);
    expect(last?._id).toBe(SHOW_ID);
    expect(last?.video_url).toBeNull();
    expect(screen.queryByText('gallery: Navidad en casa')).toBeNull();
  });
});
