import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top';

function renderAt(path: string) {
  const page = (name: string) => (
    <>
      <ScrollToTop />
      <p>{name}</p>
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: page('Inicio') },
      { path: '/shows/:id', element: page('Evento') },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('ScrollToTop (002 §2.2 "Each route change scrolls smoothly to the top")', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('scrolls smoothly to the top on every route change, not when only the query changes', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const router = renderAt('/');
    expect(scrollTo).toHaveBeenCalledTimes(1);

    await act(() => router.navigate('/shows/abc'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'smooth' });

    await act(() => router.navigate('/shows/def'));
    expect(scrollTo).toHaveBeenCalledTimes(3);

    // A filter in the query string (the home search) keeps the reader where they are.
    await act(() => router.navigate('/shows/def?tab=2'));
    expect(scrollTo).toHaveBeenCalledTimes(3);
  });
});
