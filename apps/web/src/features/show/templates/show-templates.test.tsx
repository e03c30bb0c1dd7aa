import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Show } from '@taquilla/contract';
import { AppShell } from '../../../app-shell';
import { jsonResponse } from '../../../test/show-factory';
import { callsOf, renderRoute } from '../../../test/session-factory';
import { ActivationModal } from '../../activation/activation-modal';
import { DepositForm } from '../../deposit/deposit-form';
import { RegistrationForm } from '../../registration/registration-form';
import { LandingPreview } from '.';
import { channelChild, landingShow, signedInSession, stubLanding } from './landing-harness';

const SHOW_ID = '6b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const PRODUCER_ID = '7c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f';

const showCalls = (api: ReturnType<typeof stubLanding>) =>
  callsOf(api).filter(({ call }) => call === `GET /shows/${SHOW_ID}`);

describe('generic show landing', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(['ACTIVE', 'STARTED', 'REPLAY'] as const)(
    'offers no "Entrar" when %s',
    async (status) => {
      stubLanding({ shows: [landingShow({ _id: SHOW_ID, fullname: 'Gala', status })] });

      renderRoute(`/shows/${SHOW_ID}`);

      await screen.findByRole('heading', { level: 1, name: 'Gala' });
      expect(screen.queryByRole('link', { name: 'Entrar' })).toBeNull();
    },
  );

  it('shows the headline and intro, and "Entrar" to the vanity player when LIVE', async () => {
    stubLanding({
      shows: [
        landingShow(
          { _id: SHOW_ID, fullname: 'Gala', status: 'LIVE', path: 'gala' },
          {
            landing: {
              template: 'show',
              headline: 'Una noche de marimba',
              intro: 'Tres generaciones en un escenario.',
            },
          },
        ),
      ],
    });

    renderRoute('/gala');

    await screen.findByRole('heading', { level: 1, name: 'Gala' });
    expect(screen.getByText('Una noche de marimba')).toBeTruthy();
    expect(screen.getByText('Tres generaciones en un escenario.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/gala/player');
  });

  it('opens "Ingresa a tu cuenta" for a visitor', async () => {
    stubLanding({ shows: [landingShow({ _id: SHOW_ID, fullname: 'Gala' })] });

    renderRoute(`/shows/${SHOW_ID}`);

    fireEvent.click(await screen.findByRole('button', { name: 'Ingresa a tu cuenta' }));
    expect(await screen.findByRole('dialog', { name: 'Ingresa a tu cuenta' })).toBeTruthy();
  });

  it('reloads the page after "Activar Código" activates a ticket', async () => {
    const api = stubLanding({
      shows: [landingShow({ _id: SHOW_ID, fullname: 'Gala' })],
      isSignedIn: true,
      extra: {
        'POST /viewers/viewers/:viewer/activate/:code': () =>
          jsonResponse(200, { _id: 'viewer-show-1', show_uid: SHOW_ID, livestream: true }),
      },
    });

    renderRoute(`/shows/${SHOW_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Gala' });
    // Signed in: no login button.
    expect(screen.queryByRole('button', { name: 'Ingresa a tu cuenta' })).toBeNull();
    expect(showCalls(api)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Activar Código' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activar Código' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Código del boleto' }), {
      target: { value: 'ab3d5f' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activar' }));

    await waitFor(() => expect(showCalls(api)).toHaveLength(2));
    expect(await screen.findByRole('heading', { level: 1, name: 'Gala' })).toBeTruthy();
    expect(screen.getByText('Tu boleto ha sido activado exitosamente')).toBeTruthy();
    expect(callsOf(api).map(({ call }) => call)).toContain(
      `POST /viewers/viewers/${signedInSession.viewer?._id}/activate/AB3D5F`,
    );
  });
});

describe('registration template', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('puts the registration form first, before the show information', async () => {
    stubLanding({
      shows: [
        landingShow(
          {
            _id: SHOW_ID,
            fullname: 'Taller de Marimba',
            paid: false,
            description: 'Cuatro sesiones para principiantes.',
          },
          { landing: { template: 'registration', intro: 'Inscríbete gratis.' } },
        ),
      ],
    });

    renderRoute(`/shows/${SHOW_ID}`);

    const form = await screen.findByRole('region', { name: 'Regístrate' });
    const about = screen.getByRole('region', { name: 'Acerca del evento' });
    expect(form.compareDocumentPosition(about) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('Inscríbete gratis.')).toBeTruthy();
    expect(screen.getAllByText('Cuatro sesiones para principiantes.')).toHaveLength(1);
  });
});

describe('producer template', () => {
  afterEach(() => vi.unstubAllGlobals());

  const pinnedId = '8d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a';
  const page = landingShow(
    { _id: SHOW_ID, fullname: 'Producciones del Lago', producer: PRODUCER_ID },
    { landing: { template: 'producer', featured: [pinnedId] } },
  );
  const byStatus = (status: Show['status'], overrides: Partial<Show> = {}) =>
    landingShow({
      _id: `show-${status.toLowerCase()}`,
      fullname: `Evento ${status}`,
      status,
      producer: PRODUCER_ID,
      venue: 'Teatro Lux',
      ...overrides,
    });
  const pinned = byStatus('REPLAY', { _id: pinnedId, fullname: 'Gran final', path: 'gran-final' });

  it('lists one row per show it may list, pinned first, each with "Seleccionar"', async () => {
    const api = stubLanding({
      shows: [page, pinned],
      producers: {
        [PRODUCER_ID]: [
          page,
          byStatus('ACTIVE'),
          byStatus('SOON'),
          byStatus('LIVE'),
          pinned,
          byStatus('TEST'),
          byStatus('HIDDEN'),
          byStatus('STARTED'),
        ],
      },
    });

    renderRoute(`/shows/${SHOW_ID}`);

    const section = await screen.findByRole('region', { name: 'Eventos' });
    await within(section).findByRole('link', { name: 'Seleccionar Gran final' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Gran final',
      'Evento ACTIVE',
      'Evento SOON',
      'Evento LIVE',
    ]);
    expect(within(rows[0]!).getByText('Destacado')).toBeTruthy();
    expect(within(rows[1]!).getByText('Teatro Lux')).toBeTruthy();
    expect(
      within(rows[0]!).getByRole('link', { name: 'Seleccionar Gran final' }).getAttribute('href'),
    ).toBe('/gran-final');
    expect(
      within(rows[1]!)
        .getByRole('link', { name: 'Seleccionar Evento ACTIVE' })
        .getAttribute('href'),
    ).toBe('/shows/show-active');
    const list = callsOf(api).find(({ call }) => call === 'GET /shows');
    expect(Object.fromEntries(list!.url.searchParams)).toEqual({
      producer: PRODUCER_ID,
      visible: '1',
    });
    // The login and activation buttons of the generic landing.
    expect(await screen.findByRole('button', { name: 'Ingresa a tu cuenta' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Activar Código' })).toBeTruthy();
  });

  it('says so when the producer has nothing to list', async () => {
    stubLanding({ shows: [page], producers: {} });

    renderRoute(`/shows/${SHOW_ID}`);

    expect(
      await screen.findByText('Este productor no tiene eventos disponibles por ahora.'),
    ).toBeTruthy();
  });
});

describe('landing preview', () => {
  afterEach(() => vi.unstubAllGlobals());

  const parts = { saleForms: { DepositForm, RegistrationForm }, ActivationModal };

  function renderPreview(show: Show) {
    const router = createMemoryRouter(
      [
        {
          element: <AppShell />,
          children: [{ path: '*', element: <LandingPreview show={show} parts={parts} /> }],
        },
      ],
      { initialEntries: ['/admin/shows/x/landing'] },
    );
    render(<RouterProvider router={router} />);
  }

  it('renders the template under an h2 and opens no modal', async () => {
    stubLanding({ shows: [] });

    renderPreview(landingShow({ _id: SHOW_ID, fullname: 'Gala' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Gala' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Activar Código' }));
    // The login button waits for the session to say nobody is signed in.
    fireEvent.click(await screen.findByRole('button', { name: 'Ingresa a tu cuenta' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('still loads a channel’s children (read-only)', async () => {
    const channel = landingShow(
      { _id: SHOW_ID, fullname: 'Voces del Lago' },
      { landing: { template: 'channel' } },
    );
    stubLanding({
      shows: [channel],
      channels: {
        [SHOW_ID]: [channelChild(landingShow({ _id: 'uno', fullname: 'Episodio uno' }))],
      },
    });

    renderPreview(channel);

    expect(await screen.findByRole('link', { name: 'Episodio uno' })).toBeTruthy();
  });
});
