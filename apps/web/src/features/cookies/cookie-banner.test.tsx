import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CookieBanner } from './cookie-banner';

const BANNER_TEXT = 'Este sitio utiliza cookies para mejorar nuestros servicios.';

function clearCookies() {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

function renderBanner() {
  return render(
    <MemoryRouter>
      <CookieBanner />
    </MemoryRouter>,
  );
}

describe('cookie banner', () => {
  beforeEach(clearCookies);
  afterEach(clearCookies);

  it('shows the notice with a link to the cookie policy', () => {
    renderBanner();

    expect(screen.getByText(BANNER_TEXT, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Política de cookies' }).getAttribute('href')).toBe(
      '/cookies',
    );
  });

  it('hides after "Aceptar" and remembers the consent for 150 days', () => {
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    renderBanner();

    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));

    expect(screen.queryByText(BANNER_TEXT, { exact: false })).toBeNull();
    expect(cookieSetter).toHaveBeenCalledWith(expect.stringMatching(/^cookie_consent=1;/));
    expect(cookieSetter).toHaveBeenCalledWith(expect.stringMatching(/Max-Age=12960000(;|$)/i));
    expect(document.cookie).toContain('cookie_consent=1');
  });

  it('stays hidden when the consent cookie already exists', () => {
    document.cookie = 'cookie_consent=1; Path=/';
    renderBanner();

    expect(screen.queryByRole('button', { name: 'Aceptar' })).toBeNull();
  });
});
