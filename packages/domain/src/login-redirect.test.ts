import { describe, expect, it } from 'vitest';
import { loginPath, offersGuestCheckout, safeRedirectPath } from './login-redirect.ts';

describe('login redirect', () => {
  it('keeps paths of this site with their query', () => {
    expect(safeRedirectPath('/account')).toBe('/account');
    expect(safeRedirectPath('/activate?code=AB12')).toBe('/activate?code=AB12');
    expect(safeRedirectPath(' /cart/checkout ')).toBe('/cart/checkout');
  });

  it('drops anything that could leave the site', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'account',
      '/\t/evil.example',
      '/%5Cevil.example',
      '/storage\\x',
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(value), String(value)).toBeNull();
    }
  });

  it('builds the login address with the original path and query', () => {
    expect(loginPath('/account')).toBe('/login?redirect=/account');
    expect(loginPath('/activate?code=AB12')).toBe('/login?redirect=/activate?code=AB12');
    expect(loginPath('/cart/checkout?a=1&b=2')).toBe('/login?redirect=/cart/checkout?a=1%26b=2');
    const url = new URL(loginPath('/x?a=1&b=2 c#top'), 'https://taquilla.example');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe('/x?a=1&b=2 c#top');
  });

  it('sends to the plain login page when there is nowhere to come back to', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath(null)).toBe('/login');
    expect(loginPath('https://evil.example')).toBe('/login');
  });

  it('offers the guest checkout only on the way to /cart/checkout', () => {
    expect(offersGuestCheckout('/cart/checkout')).toBe(true);
    expect(offersGuestCheckout('/cart/checkout?promo=1')).toBe(true);
    expect(offersGuestCheckout('/cart')).toBe(false);
    expect(offersGuestCheckout('/account')).toBe(false);
    expect(offersGuestCheckout(null)).toBe(false);
  });
});
