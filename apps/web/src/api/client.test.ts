import { ERRORS, accountEndpoints, authEndpoints, endpoints } from '@taquilla/contract/plain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildShow, jsonResponse } from '../test/show-factory';
import { ApiError, apiCall, buildUrl } from './client';

const WIRE_SHOW = buildShow({ _id: 'abc', fullname: 'Concierto de Marimba' });

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
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

  it('asks for JSON with the session cookie and reads the answer as sent', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, { items: [WIRE_SHOW] }));
    vi.stubGlobal('fetch', fetchMock);

    const shows = await apiCall(endpoints.listShows, { query: { sort: '1', billboard: '1' } });

    expect(shows).toEqual({ items: [WIRE_SHOW] });
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

  it('rejects, in development and the tests, an answer the contract would not output', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(200, { items: [{}] })));

    await expect(apiCall(endpoints.listShows)).rejects.toMatchObject({ error: 'INVALID_RESPONSE' });
  });

  it('rejects, in development and the tests, an answer without a field the contract defaults', async () => {
    // The gateway always sends those (its serializer encodes through the schema): a stub
    // or an answer without them is not what the browser reads in production.
    const withoutDefaults = { ...WIRE_SHOW, settings: {} };
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse(200, { items: [withoutDefaults] })),
    );

    await expect(apiCall(endpoints.listShows)).rejects.toMatchObject({ error: 'INVALID_RESPONSE' });
  });

  it('in production, reads the answer as sent, without the contract', async () => {
    vi.stubEnv('DEV', false);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(200, { items: [{}] })));

    await expect(apiCall(endpoints.listShows)).resolves.toEqual({ items: [{}] });
  });

  it('rejects an answer that is not JSON, in production too', async () => {
    vi.stubEnv('DEV', false);
    const page = new Response('<html>Bad gateway</html>', {
      status: 200,
      headers: { 'Content-Type': 'text/html' },
    });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(page));

    await expect(apiCall(endpoints.listShows)).rejects.toMatchObject({ error: 'INVALID_RESPONSE' });
  });

  it("gives a failure that is not the gateway's error body its status's Spanish message", async () => {
    const page = new Response('<html>502 Bad Gateway</html>', {
      status: 502,
      headers: { 'Content-Type': 'text/html' },
    });
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(page)
        .mockResolvedValueOnce(jsonResponse(404, { error: 404, message: 'Not Found' })),
    );

    await expect(apiCall(endpoints.listShows)).rejects.toMatchObject({
      status: 502,
      error: 'INTERNAL_ERROR',
      message: ERRORS.INTERNAL_ERROR.message,
    });
    await expect(apiCall(endpoints.getShow, { params: { id: 'x' } })).rejects.toMatchObject({
      status: 404,
      error: 'NOT_FOUND',
      message: ERRORS.NOT_FOUND.message,
    });
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
