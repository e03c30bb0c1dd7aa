import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '../../config/env';
import { renderRoute, stubGateway } from '../../test/session-factory';

describe('Ayuda (/help)', () => {
  beforeEach(() => {
    stubGateway({});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('explains how it works, with the five-minute advice, under one h1', async () => {
    renderRoute('/help');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ayuda' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const how = screen.getByRole('region', { name: 'Cómo funciona' });
    const steps = within(how)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(steps).toEqual([
      'Compra tu boleto',
      'Activa tu código',
      'Mira el evento',
      '¿Cuándo entrar?',
    ]);
    expect(within(how).getByText(/Recarga la página 5 minutos antes del evento/)).toBeTruthy();
    expect(within(how).getByRole('link', { name: 'Activar un código' }).getAttribute('href')).toBe(
      '/activate',
    );
  });

  it('answers the questions in disclosure widgets, the tips and the TV options included', async () => {
    renderRoute('/help');

    const faq = await screen.findByRole('region', { name: 'Preguntas frecuentes' });
    const summaries = [...faq.querySelectorAll('details > summary')].map((s) => s.textContent);
    expect(summaries).toContain('¿Cuándo puedo entrar al evento?');
    expect(summaries).toContain('¿Dónde llegan mis boletos?');
    expect(summaries).toContain('Pagué con depósito bancario, ¿cuándo recibo mis boletos?');
    expect(summaries).toContain('¿Puedo ver el evento en varios dispositivos?');

    const frozen = within(faq).getByText('La transmisión se congela o no se escucha');
    const details = frozen.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    fireEvent.click(frozen);
    expect(details.open).toBe(true);
    const tips = within(details)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(tips.join(' ')).toMatch(/batería/);
    expect(tips.join(' ')).toMatch(/bocinas/);
    expect(tips.join(' ')).toMatch(/720 o 480/);
    expect(tips.join(' ')).toMatch(/silenciado/);

    const tv = within(faq).getByText('¿Cómo lo veo en mi televisor?').closest('details');
    const options = (tv?.textContent ?? '').toString();
    for (const way of ['ChromeCast', 'Smart TV', 'Apple TV', 'HDMI']) {
      expect(options).toContain(way);
    }
    expect(within(faq).getByText(/en un dispositivo a la vez/)).toBeTruthy();
    expect(
      within(faq).getByRole('link', { name: 'Ver la política de cookies' }).getAttribute('href'),
    ).toBe('/cookies');
  });

  it('offers the configured help chat', async () => {
    renderRoute('/help');

    const contact = await screen.findByRole('region', { name: '¿Necesitas más ayuda?' });
    const chat = within(contact).getByRole('link', { name: /Abrir el chat de ayuda/ });
    expect(chat.getAttribute('href')).toBe(env.helpUrl);
  });

  it('is linked from the footer', async () => {
    renderRoute('/help');

    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Ayuda' }).getAttribute('href')).toBe('/help');
  });
});
