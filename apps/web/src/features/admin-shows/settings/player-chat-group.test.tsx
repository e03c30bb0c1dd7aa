import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlayerChatGroup } from './player-chat-group';
import { box, descriptionOf, renderGroup } from './settings-test-kit';

function type(control: HTMLElement, value: string) {
  fireEvent.change(control, { target: { value } });
}

const access = () => box('Acceso a la transmisión');

describe('player and chat group', () => {
  it('switches the watch access between ticket, codes and a password', () => {
    const group = renderGroup(PlayerChatGroup, {});
    const ticket = access().getByLabelText(/Con boleto activado/) as HTMLInputElement;
    expect(ticket.checked).toBe(true);
    expect(screen.queryByLabelText('Contraseña de la transmisión')).toBeNull();

    fireEvent.click(access().getByLabelText('Con código de acceso, sin cuenta'));
    expect(group.lastPatch()).toEqual({ nologin: true, security: null });
    expect(access().getByText(/Códigos de acceso/)).toBeTruthy();

    fireEvent.click(access().getByLabelText('Con contraseña o código de acceso'));
    expect(group.lastPatch()).toEqual({ nologin: null, security: '' });
    const password = screen.getByLabelText('Contraseña de la transmisión') as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('new-password');
    expect(descriptionOf(password)).toContain('Escribe la contraseña');

    type(password, 'ESTRENO2027');
    expect(group.lastPatch()).toEqual({ security: 'ESTRENO2027' });
    expect(descriptionOf(password)).not.toContain('Escribe la contraseña');
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(password.type).toBe('text');

    fireEvent.click(ticket);
    expect(group.lastPatch()).toEqual({ nologin: null, security: null });
    expect(group.settings()).toEqual({});
  });

  it('reads a stored password show and a no-login show as the server does', () => {
    renderGroup(PlayerChatGroup, { security: 'CLAVE', nologin: true });
    const codes = access().getByLabelText('Con código de acceso, sin cuenta') as HTMLInputElement;
    expect(codes.checked).toBe(true);
  });

  it('sets the player, the videos by language and removes a video left blank', () => {
    const group = renderGroup(PlayerChatGroup, { video_url_en: 'https://cdn.example/en.m3u8' });
    const video = box('Video');
    fireEvent.change(video.getByLabelText('Reproductor'), { target: { value: 'jwplayer' } });
    expect(group.lastPatch()).toEqual({ player: 'jwplayer' });
    type(video.getByLabelText('Video en español (dirección)'), '/media/es.mp4');
    expect(group.lastPatch()).toEqual({ video_url_es: '/media/es.mp4' });
    type(video.getByLabelText('Video en inglés (dirección)'), '  ');
    expect(group.lastPatch()).toEqual({ video_url_en: null });
    fireEvent.change(video.getByLabelText('Reproductor'), { target: { value: '' } });
    expect(group.settings()).toEqual({ video_url_es: '/media/es.mp4' });
  });

  it('turns the chat off and the polls on', () => {
    const group = renderGroup(PlayerChatGroup, { vod: true });
    const chat = box('Chat y encuestas');
    const visible = chat.getByLabelText(
      'Mostrar el chat durante la transmisión',
    ) as HTMLInputElement;
    expect(visible.checked).toBe(true);
    expect(descriptionOf(visible)).toContain('por demanda');
    fireEvent.click(visible);
    expect(group.lastPatch()).toEqual({ chat_visible: false });
    fireEvent.click(chat.getByLabelText('Permitir encuestas'));
    expect(group.lastPatch()).toEqual({ polls: true });
  });

  it('edits the channel images with a preview, the date on Guatemala time and the season', () => {
    const group = renderGroup(PlayerChatGroup, {
      date: '2027-03-05T02:30:00.000Z',
      season: 2,
    });
    const channel = box('Página de canal');
    type(channel.getByLabelText('Imagen de encabezado (computadora)'), '/images/canal.jpg');
    expect(group.lastPatch()).toEqual({ channel_image: '/images/canal.jpg' });
    const preview = channel.getByAltText(
      'Vista previa: Imagen de encabezado (computadora)',
    ) as HTMLImageElement;
    expect(preview.getAttribute('src')).toBe('/images/canal.jpg');

    const date = channel.getByLabelText('Fecha mostrada en el canal') as HTMLInputElement;
    expect(date.value).toBe('2027-03-04T20:30');
    type(date, '2027-04-01T19:00');
    expect(group.lastPatch()).toEqual({ date: '2027-04-02T01:00:00.000Z' });

    const season = channel.getByLabelText('Temporada') as HTMLInputElement;
    expect(season.value).toBe('2');
    type(season, '3');
    expect(group.lastPatch()).toEqual({ season: 3 });
    type(season, '');
    expect(group.lastPatch()).toEqual({ season: null });
  });

  it("shows the server's messages by their inputs and the rest above", () => {
    renderGroup(
      PlayerChatGroup,
      { security: '' },
      {
        errors: {
          'settings.security': 'La contraseña es muy larga',
          'settings.season': 'Debe ser un número entero',
          'settings.player': 'Opción inválida',
          'settings.custom_fields': 'De otro grupo',
        },
      },
    );
    expect(descriptionOf(screen.getByLabelText('Contraseña de la transmisión'))).toContain(
      'La contraseña es muy larga',
    );
    expect(descriptionOf(screen.getByLabelText('Temporada'))).toBe('Debe ser un número entero');
    expect(descriptionOf(screen.getByLabelText('Reproductor'))).toBe('Opción inválida');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
