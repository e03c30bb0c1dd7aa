import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/catalogue-factory';
import { buildShow, jsonResponse } from '../../test/show-factory';
import { ShowSearch } from './show-search';
import { SEARCH_DEBOUNCE_MS } from './use-show-search';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const gala = buildShow({ _id: 'gala', fullname: 'Noche de Gala Sinfónica', show_date: inDays(30) });
const ballet = buildShow({ _id: 'ballet', fullname: 'Ballet Folklórico', show_date: inDays(-60) });
const quijote = buildShow({ _id: 'quijote', fullname: 'El Quijote', show_date: inDays(9) });

function renderSearch() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <ShowSearch /> },
      { path: '/shows/:id', element: <p>Página del evento</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Types into the box and lets the debounce run out and the answer arrive. */
async function type(value: string) {
  const input = screen.getByRole('combobox', { name: 'Buscar eventos por nombre o lugar' });
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
  });
  return input;
}

describe('show search', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks once typing pauses, for every show by name or venue, and lists the coming ones first', async () => {
    const fetchMock = stubApi(() => jsonResponse(200, { items: [ballet, gala, quijote] }));
    renderSearch();

    const input = await type('teatro nacional miguel angel');

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = new URL(fetchMock.mock.calls[0]![0], 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'teatro nacional miguel angel',
      filter: 'ALL',
      sort: '1',
    });
    const listbox = screen.getByRole('listbox');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.querySelector('.show-search__name')?.textContent),
    ).toEqual(['El Quijote', 'Noche de Gala Sinfónica', 'Ballet Folklórico']);
    expect(screen.getByRole('status').textContent).toBe('3 eventos encontrados');
  });

  it('does not ask for a single letter', async () => {
    const fetchMock = stubApi(() => jsonResponse(200, { items: [gala] }));
    renderSearch();

    const input = await type('n');

    expect(fetchMock).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('moves through the options with the arrows and opens the active one with Enter', async () => {
    stubApi(() => jsonResponse(200, { items: [gala, quijote] }));
    const router = renderSearch();
    const input = await type('teatro');
    const options = screen.getAllByRole('option');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);

    fireEvent.keyDown(input, { key: 'Enter' });

    expect(router.state.location.pathname).toBe('/shows/gala');
  });

  it('closes the list with Escape and clears the box with a second Escape', async () => {
    stubApi(() => jsonResponse(200, { items: [gala] }));
    renderSearch();
    const input = (await type('gala')) as HTMLInputElement;
    fireEvent.keyDown(input, { key: 'ArrowDown' });

    fireEvent.keyDown(input, { key: 'Escape' });

    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect(input.value).toBe('gala');

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('');
  });

  it('opens a show picked with the mouse', async () => {
    stubApi(() => jsonResponse(200, { items: [gala] }));
    const router = renderSearch();
    await type('gala');

    fireEvent.click(screen.getByRole('option', { name: /Noche de Gala Sinfónica/ }));

    expect(router.state.location.pathname).toBe('/shows/gala');
  });

  it('says when nothing matches', async () => {
    stubApi(() => jsonResponse(200, { items: [] }));
    renderSearch();

    await type('zzz');

    expect(screen.getByText('No encontramos eventos para «zzz».')).toBeTruthy();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });
});
