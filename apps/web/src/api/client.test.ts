import { accountEndpoints, authEndpoints, endpoints } from '@taquilla/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildShow, jsonResponse } from '../test/show-factory';
import { ApiError, apiCall, buildUrl } from './client';

// On the wire, settings may omit every key that has a default in the contract.
const WIRE_SHOW = { ...buildShow({ _id: 'abc', fullname: 'Concierto de Marimba' }), settings: {} };

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fills path parameters and serialises the query', () => {
    expect(buildUrl('/shows/:id', { id: 'abc' }, { sort: '1', billboard: undefined }, '')).toBe(
      '/shows/abc?sort=1',
    );
    expect(buildUrl('/shows/:id', { id: 'a b/c' }, {}, 'https://api.example')).toBe(
      'https://api.example/shows/a%20b%2Fc',
    );
    expect(buildUrl('/shows', {}, { status: ['LIVE', 'REPLAY'] }, '')).toBe(
      '/shows?status=LIVE%2CREPLAY',
    );
  });

  it('asks for JSON with the session cookie and parses the answer with the contract', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, { items: [WIRE_SHOW] }));
    vi.stubGlobal('fetch', fetchMock);

    const shows = await apiCall(endpoints.listShows, { query: { sort: '1', billboard: '1' } });

    expect(shows.items[0]?.fullname).toBe('Concierto de Marimba');
    // Defaults from the contract's schema are applied on the way in.
    expect(shows.items[0]?.settings.currency).toBe('GTQ');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/shows?sort=1&billboard=1');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(new Headers(init.headers).get('Accept')).toBe('application/json');
  });

  it('throws ApiError with the Spanish message of a 404 answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          jsonResponse(404, { error: 'SHOW_NOT_FOUND', message: 'El evento que buscas no existe' }),
        ),
    );

    const failure = await apiCall(endpoints.getShow, { params: { id: 'abc' } }).catch(
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 404,
      error: 'SHOW_NOT_FOUND',
      message: 'El evento que buscas no existe',
    });
  });

  it('reports an unreachable server as a network error in Spanish', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    await expect(apiCall(endpoints.listShows)).rejects.toMatchObject({
      status: 0,
      error: 'NETWORK_ERROR',
      message: expect.stringContaining('No fue posible conectar'),
    });
  });

  it('rejects an answer that does not match the contract', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(200, { items: [{}] })));

    await expect(apiCall(endpoints.listShows)).rejects.toMatchObject({ error: 'INVALID_RESPONSE' });
  });

  it('calls the session and account tables with the same typing and errors', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        jsonResponse(409, {
          error: 'SESSION_ALREADY_ACTIVE',
          message: 'Ya existe una sesión activa con este usuario.',
        }),
      )
      .mockResolvedValueOnce(jsonResponse(200, { userExists: true }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(
      apiCall(authEndpoints.login, {
        body: { username: 'ana@correo.gt', password: 'x', role: 'Viewer' },
      }),
    ).rejects.toMatchObject({ status: 409, error: 'SESSION_ALREADY_ACTIVE' });
    const { userExists } = await apiCall(accountEndpoints.userExists, {
      body: { email: 'ana@correo.gt' },
    });

    expect(userExists).toBe(true);
    const [loginUrl, loginInit] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(loginUrl).toBe('/auth/login');
    expect(loginInit.method).toBe('POST');
    expect(loginInit.credentials).toBe('include');
    expect(new Headers(loginInit.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(loginInit.body as string)).toEqual({
      username: 'ana@correo.gt',
      password: 'x',
      role: 'Viewer',
    });
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/auth/users/exists');
  });

  it("keeps a 422 answer's field messages", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        jsonResponse(422, {
          error: 'VALIDATION_ERROR',
          message: 'Los datos enviados no son válidos',
          fields: [{ field: 'password', message: 'Esta contraseña es muy común. Elige otra.' }],
        }),
      ),
    );

    await expect(
      apiCall(accountEndpoints.resetPassword, {
        body: { token: 'token-0123456789', password: 'password' },
      }),
    ).rejects.toMatchObject({
      status: 422,
      fields: [{ field: 'password', message: 'Esta contraseña es muy común. Elige otra.' }],
    });
  });
});
