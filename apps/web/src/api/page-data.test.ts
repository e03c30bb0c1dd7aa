import { endpoints } from '@taquilla/contract/plain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildShow, jsonResponse } from '../test/show-factory';

/*
 * The page's first GET answers, put in its HTML by the server (decision 0072). The keys
 * below are written out as the server embeds them, not built with the client's own code.
 */

// Whole answers, as the gateway sends them: the client reads them as sent (decision 0070).
const EMBEDDED_SHOW = buildShow({ _id: 'abc', fullname: 'Gala <b>en vivo</b>' });
const FETCHED_SHOW = buildShow({ _id: 'abc', fullname: 'Gala (de la red)' });

function embed(answers: Record<string, unknown>, text = JSON.stringify(answers)) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'page-data';
  script.textContent = text.replace(/</g, '\\u003c');
  document.body.append(script);
}

/** A fresh client: the page's data is read once per page load, as in a browser. */
async function loadClient() {
  vi.resetModules();
  return import('./client');
}

describe("the page's embedded answers", () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => jsonResponse(200, FETCHED_SHOW));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('answers the first call of the key from the page, as embedded, then fetches', async () => {
    embed({ 'GET /shows/abc': EMBEDDED_SHOW });
    const { apiCall } = await loadClient();

    const first = await apiCall(endpoints.getShow, { params: { id: 'abc' } });
    expect(first.fullname).toBe('Gala <b>en vivo</b>');
    expect(first).toEqual(EMBEDDED_SHOW);
    expect(fetchMock).not.toHaveBeenCalled();
    // Read and removed: nothing else finds the data in the document.
    expect(document.getElementById('page-data')).toBeNull();

    const second = await apiCall(endpoints.getShow, { params: { id: 'abc' } });
    expect(second.fullname).toBe('Gala (de la red)');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('finds a list call by its query string in the order the client sends it', async () => {
    embed({ 'GET /shows?sort=1&billboard=1': { items: [EMBEDDED_SHOW] } });
    const { apiCall } = await loadClient();

    const shows = await apiCall(endpoints.listShows, { query: { sort: '1', billboard: '1' } });

    expect(shows.items[0]?.fullname).toBe('Gala <b>en vivo</b>');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches a call whose key the page does not hold', async () => {
    embed({ 'GET /shows/abc': EMBEDDED_SHOW });
    const { apiCall } = await loadClient();

    const other = await apiCall(endpoints.getShow, { params: { id: 'abd' } });

    expect(other.fullname).toBe('Gala (de la red)');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fetches when the embedded answer does not pass the contract', async () => {
    embed({ 'GET /shows/abc': { _id: 'abc' } });
    const { apiCall } = await loadClient();

    const show = await apiCall(endpoints.getShow, { params: { id: 'abc' } });

    expect(show.fullname).toBe('Gala (de la red)');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fetches when the page data is not JSON', async () => {
    embed({}, '{"GET /shows/abc": ');
    const { apiCall } = await loadClient();

    await apiCall(endpoints.getShow, { params: { id: 'abc' } });

    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('no longer stands in for a call once the page has been open a while', async () => {
    embed({ 'GET /shows/abc': EMBEDDED_SHOW, 'GET /shows/abd': EMBEDDED_SHOW });
    const { apiCall } = await loadClient();
    const { PAGE_DATA_TTL_MS } = await import('./page-data');
    const start = Date.now();
    const now = vi.spyOn(Date, 'now').mockReturnValue(start);

    await apiCall(endpoints.getShow, { params: { id: 'abc' } });
    expect(fetchMock).not.toHaveBeenCalled();

    now.mockReturnValue(start + PAGE_DATA_TTL_MS + 1);
    const late = await apiCall(endpoints.getShow, { params: { id: 'abd' } });
    expect(late.fullname).toBe('Gala (de la red)');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never answers a call that is already aborted', async () => {
    embed({ 'GET /shows/abc': EMBEDDED_SHOW });
    const { apiCall } = await loadClient();
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));

    await expect(
      apiCall(endpoints.getShow, { params: { id: 'abc' }, signal: controller.signal }),
    ).rejects.toThrow('aborted');
    // Still there for the call that follows (a remounted component).
    const show = await apiCall(endpoints.getShow, { params: { id: 'abc' } });
    expect(show.fullname).toBe('Gala <b>en vivo</b>');
  });
});
