import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTicket } from '../../../test/catalogue-factory';
import { FakeWebSocket } from '../../../test/fake-websocket';
import {
  openShow,
  optionValues,
  purchase,
  showWith,
  stubCatalogue,
} from '../../../test/show-page-harness';
import { jsonResponse } from '../../../test/show-factory';

/**
 * The show page's ticket list over a stubbed gateway and a FakeWebSocket hub:
 * GET /shows/{id}/tickets answers `listed` (as the catalogue cache may), and
 * GET /shows/{id}/tickets/counts answers `counted`, noting which channels the
 * socket had joined when it was asked.
 */
function stubShow(options: { listed: number; counted: number }) {
  const show = showWith({ _id: 'sinfonica', fullname: 'Sinfónica Nacional' });
  const general = buildTicket({ fullname: 'General', real_available: options.listed });
  const catalogue = stubCatalogue({
    shows: [show],
    tickets: { sinfonica: { CREDIT_CARD: [general] } },
  });
  const joinedWhenCounted: string[][] = [];
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/shows/sinfonica/tickets/counts') {
      joinedWhenCounted.push(FakeWebSocket.latest().channels());
      return Promise.resolve(
        jsonResponse(200, {
          tickets: [{ ticket_uid: general._id, real_available: options.counted }],
        }),
      );
    }
    return catalogue(input, init);
  });
  return { show, general, joinedWhenCounted };
}

const quantities = () =>
  optionValues(within(purchase()).getByRole('combobox', { name: 'Cantidad de General' }));

describe('live ticket counts on the show page (decision 0079)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the counts once the channel is joined and follows every tickets message', async () => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    const { show, general, joinedWhenCounted } = stubShow({ listed: 8, counted: 5 });

    await openShow(show);
    await within(purchase()).findByRole('combobox', { name: 'Cantidad de General' });
    // The list's cached 8 gives way to the 5 read after the hub confirmed the join.
    await waitFor(() => expect(quantities()).toEqual(['0', '1', '2', '3', '4', '5']));
    expect(joinedWhenCounted).toEqual([['show-seats/sinfonica']]);

    const socket = FakeWebSocket.latest();
    const counts = (showId: string, available: number) =>
      act(() =>
        socket.push(`show-seats/${showId}`, {
          event: 'tickets',
          show_uid: showId,
          tickets: [{ ticket_uid: general._id, real_available: available }],
        }),
      );

    counts('sinfonica', 2);
    expect(quantities()).toEqual(['0', '1', '2']);
    // Another show's counts (a función's, on its own channel) are not this list's.
    counts('otra', 9);
    expect(quantities()).toEqual(['0', '1', '2']);

    counts('sinfonica', 0);
    const row = within(purchase()).getByRole('listitem');
    expect(row.textContent).toContain('AGOTADOS');
    expect(within(row).queryByRole('combobox')).toBeNull();

    counts('sinfonica', 1);
    expect(
      await within(purchase()).findByRole('combobox', { name: 'Cantidad de General' }),
    ).toBeTruthy();
    expect(quantities()).toEqual(['0', '1']);
  });

  it('keeps the listed numbers when no hub can be reached', async () => {
    const { show } = stubShow({ listed: 3, counted: 1 });

    await openShow(show);
    await within(purchase()).findByRole('combobox', { name: 'Cantidad de General' });
    expect(quantities()).toEqual(['0', '1', '2', '3']);
    expect(screen.queryByText('AGOTADOS')).toBeNull();
  });
});
