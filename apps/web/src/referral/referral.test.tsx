import { act, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateOrderBody } from '@taquilla/contract';
import { AppShell } from '../app-shell';
import { postOrder } from '../order-form/create-order';
import { callsOf, renderRoute, stubGateway } from '../test/session-factory';
import { buildCardOrder } from '../test/order-factory';
import { jsonResponse } from '../test/show-factory';
import { readReferral, referralCookie, referralFromSearch } from './referral-cookie';

function renderShellAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <AppShell />,
        children: [
          { path: '/', element: <p>Inicio</p> },
          { path: '/shows/:id', element: <p>Evento</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const ORDER_BODY: CreateOrderBody = {
  user_uid: null,
  payment_type: 'CREDIT_CARD',
  currency: 'GTQ',
  payment_info: { email: 'ana@correo.gt', cc_number: '4111111111111111' },
  session_id: '0f8b2a4e-1c3d-4e5f-8a9b-0c1d2e3f4a5b',
  cart_uid: '1f8b2a4e-1c3d-4e5f-8a9b-0c1d2e3f4a5b',
};

describe('the referral cookie (002 §3)', () => {
  beforeEach(() => {
    stubGateway({});
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'referral=; Max-Age=0; Path=/';
  });

  it('keeps ?referral= of the page the visitor lands on, trimmed', async () => {
    renderShellAt('/?referral=%20radio-fm_95%20');

    expect(await screen.findByText('Inicio')).toBeTruthy();
    expect(readReferral()).toBe('radio-fm_95');
  });

  it('lets the latest referral win as the visitor moves between pages', async () => {
    const router = renderShellAt('/?referral=primero');
    await screen.findByText('Inicio');
    expect(readReferral()).toBe('primero');

    await act(() => router.navigate('/shows/abc?referral=Segundo-2'));
    expect(await screen.findByText('Evento')).toBeTruthy();
    expect(readReferral()).toBe('Segundo-2');

    // A page without the parameter keeps the one already held.
    await act(() => router.navigate('/'));
    expect(readReferral()).toBe('Segundo-2');
  });

  it('ignores a value that cannot be a referral and keeps the one held', async () => {
    document.cookie = 'referral=bueno; Path=/';
    renderShellAt(`/?referral=${encodeURIComponent('hola mundo')}`);
    await screen.findByText('Inicio');
    expect(readReferral()).toBe('bueno');

    for (const search of ['?referral=', `?referral=${'x'.repeat(65)}`, '?referral=cup%C3%B3n']) {
      expect(referralFromSearch(search), search).toBeNull();
    }
    expect(referralFromSearch(`?referral=${'x'.repeat(64)}`)).toBe('x'.repeat(64));
  });

  it('writes a first-party cookie for 30 days on the whole site', () => {
    expect(referralCookie('radio', false)).toBe(
      'referral=radio; Path=/; Max-Age=2592000; SameSite=Lax',
    );
    expect(referralCookie('radio', true)).toMatch(/; Secure$/);
  });

  it('is listed in the cookie policy with its duration', async () => {
    renderRoute('/cookies');

    const rows = (await screen.findAllByRole('row')).map((row) => row.textContent ?? '');
    expect(rows.find((row) => row.startsWith('Referido (referral)'))).toContain('30 días');
  });

  it('sends the referral with the order, and nothing without one', async () => {
    const fetchMock = stubGateway({
      'POST /cart/orders': () => jsonResponse(200, buildCardOrder()),
    });

    await postOrder(ORDER_BODY, 'clave-1');
    document.cookie = 'referral=radio-fm_95; Path=/';
    await postOrder(ORDER_BODY, 'clave-2');

    const sent = callsOf(fetchMock)
      .filter(({ call }) => call === 'POST /cart/orders')
      .map(({ body }) => (body as CreateOrderBody).payment_info.referral);
    expect(sent).toEqual([undefined, 'radio-fm_95']);
  });
});
