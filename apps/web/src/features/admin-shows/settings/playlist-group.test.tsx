import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlaylistGroup } from './playlist-group';
import { box, descriptionOf, renderGroup } from './settings-test-kit';

const market = {
  _id: 'corto-mercado',
  title: 'Mercado La Terminal',
  image_url: '/images/mercado.svg',
  video_url: '/media/mercado.mp4',
  status: 'ACTIVE',
  default: true,
};
const kites = { _id: 'corto-barriletes', title: 'Barriletes de Sumpango', status: 'LIVE' };
const train = { _id: 'corto-tren', title: 'El último tren', status: 'SOON' };

function type(control: HTMLElement, value: string) {
  fireEvent.change(control, { target: { value } });
}

describe('playlist group', () => {
  it('adds a video with a fresh id, SOON until it is ready, and edits its fields', () => {
    const group = renderGroup(PlaylistGroup, {});
    expect(screen.getByText(/Sin lista de reproducción/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Añadir video' }));
    const [first] = (group.lastPatch()?.playlist as { _id: string }[]) ?? [];
    expect(first).toEqual({
      _id: expect.stringMatching(/^video-[a-z0-9]{8}$/),
      title: '',
      status: 'SOON',
    });
    const title = box('Video 1').getByLabelText('Título');
    expect(document.activeElement).toBe(title);

    type(title, 'Corto nuevo');
    const item = box('Video 1');
    fireEvent.change(item.getByLabelText('Estado'), { target: { value: 'ACTIVE' } });
    type(item.getByLabelText('Video (dirección)'), 'https://cdn.example/corto.m3u8');
    type(item.getByLabelText('Descripción'), 'Estreno');
    type(item.getByLabelText('Fecha'), '2027-05-10T20:00');
    type(item.getByLabelText('Imagen (dirección)'), '/images/corto.jpg');
    expect(item.getByAltText('Vista previa de la imagen de «Corto nuevo»')).toBeTruthy();
    expect(group.lastPatch()).toEqual({
      playlist: [
        {
          _id: first?._id,
          title: 'Corto nuevo',
          status: 'ACTIVE',
          video_url: 'https://cdn.example/corto.m3u8',
          description: 'Estreno',
          date: '2027-05-11T02:00:00.000Z',
          image_url: '/images/corto.jpg',
        },
      ],
    });

    type(item.getByLabelText('Descripción'), '');
    expect(group.settings().playlist).toEqual([
      expect.not.objectContaining({ description: expect.anything() }),
    ]);
  });

  it('keeps one video as the first to play', () => {
    const group = renderGroup(PlaylistGroup, { playlist: [market, kites] });
    fireEvent.click(box('Video 2').getByLabelText('Se reproduce primero'));
    expect(group.lastPatch()).toEqual({
      playlist: [
        {
          _id: market._id,
          title: market.title,
          image_url: market.image_url,
          video_url: market.video_url,
          status: 'ACTIVE',
        },
        { ...kites, default: true },
      ],
    });
  });

  it('reorders videos up and down, the focus staying on the moved one', () => {
    const group = renderGroup(PlaylistGroup, { playlist: [market, kites, train] });
    fireEvent.click(screen.getByRole('button', { name: 'Subir «El último tren»' }));
    expect(group.lastPatch()).toEqual({ playlist: [market, train, kites] });
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Subir «El último tren»' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Subir «El último tren»' }));
    expect(group.lastPatch()).toEqual({ playlist: [train, market, kites] });
    // At the top "Subir" turns off, so the focus moves to its "Bajar".
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Bajar «El último tren»' }),
    );
    expect(box('Video 1').getByDisplayValue('El último tren')).toBeTruthy();
  });

  it('removes an untouched new video at once and asks before removing one with content', () => {
    const group = renderGroup(PlaylistGroup, { playlist: [market] });
    fireEvent.click(screen.getByRole('button', { name: 'Añadir video' }));
    fireEvent.click(screen.getByRole('button', { name: 'Quitar «Video 2»' }));
    expect(group.lastPatch()).toEqual({ playlist: [market] });
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Quitar «Mercado La Terminal»' }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Quitar «Mercado La Terminal»' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Quitar' }));
    expect(group.lastPatch()).toEqual({ playlist: null });
  });

  it("shows the server's messages by the input of the item they name", () => {
    renderGroup(
      PlaylistGroup,
      { playlist: [market, kites] },
      {
        errors: {
          'settings.playlist.1.status': 'Opción inválida',
          'settings.playlist.0.video_url': 'Dirección muy larga',
          'settings.playlist.1._id': 'Identificador repetido',
        },
      },
    );
    expect(descriptionOf(box('Video 2').getByLabelText('Estado'))).toBe('Opción inválida');
    expect(descriptionOf(box('Video 1').getByLabelText('Estado'))).toBe('');
    expect(descriptionOf(box('Video 1').getByLabelText('Video (dirección)'))).toContain(
      'Dirección muy larga',
    );
    expect(screen.getByRole('alert').textContent).toContain('Identificador repetido');
  });
});
