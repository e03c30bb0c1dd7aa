import { describe, expect, it } from 'vitest';
import { contractEndpoints, routesWithIds } from '../helpers/authz-matrix.ts';
import { ACCOUNT_ROWS } from '../helpers/authz-rows-account.ts';
import { BUYER_ROWS, ORDER_ROWS, PROOF_ROWS } from '../helpers/authz-rows-buyer.ts';
import { CROSS_ROWS, LIVE_ROWS } from '../helpers/authz-rows-organiser-live.ts';
import { MIXED_ORDER_ROWS, SHOW_ROWS } from '../helpers/authz-rows-organiser.ts';

/**
 * Routes that take an id but hold nothing of anyone's: the id names public
 * things, or is itself the secret that proves the right (a ticket code, an
 * e-mailed token). Each says why, and where its rule is tested.
 */
const PUBLIC_ROUTES: Readonly<Record<string, string>> = {
  // The catalogue: shows, tickets, maps and seat states are public (0004, 0009).
  'GET /shows': '?producer= and ?parent= filter public, visible shows only',
  'GET /shows/:id': 'a public show',
  'GET /shows/:id/tickets': 'the visible tickets of a public show',
  'GET /shows/:id/tickets/counts': "real_available of a public show's visible tickets (0079)",
  'GET /shows/:id/map': 'a public seat map',
  'POST /shows/:id/map/seats': 'seat states: free, held or sold, never by whom',
  // Live state as every player reads it (0024).
  'GET /shows/:id/events/current': 'the curtain and status every player of the show sees',
  'GET /live/channels/:channelId.json': 'a channel’s public status (idle or live)',
  // The id is the credential: whoever holds it holds the right it names.
  'GET /etickets/qr/:code': 'the ticket code is the admission; the QR draws only the code',
  'GET /auth/email/verify/:token': 'the e-mailed one-time token (email-verification.test.ts)',
  'GET /cart/orders/uploadUrl':
    'a write-once URL into the folder of the browser session it names (the cart’s bearer secret); reads nothing (orders-deposit.test.ts: a proof of another session is refused)',
  'GET /shows/:id/playback':
    'watch access from the session’s viewer-show or ?code=; a ?viewer_token= of another show is never renewed (player-access.test.ts, player-codes.test.ts, authz-matrix-viewer-token.test.ts)',
  'POST /shows/:id/chat/link':
    'links the caller’s own ?code= to its own session (chat-link.test.ts)',
  'GET /shows/:id/chat/session': 'the ?s= chat token is the credential (chat-link.test.ts)',
  'POST /shows/:id/polls/:pollId/answers':
    'answers as the caller’s own watch access, never as an id it sends; a password show’s guest only with a viewer token of that show (polls.test.ts, authz-matrix-viewer-token.test.ts)',
  'GET /cart/orders/teleton':
    '?show_uid= only narrows the lookup to one telethon; codes are whole only for the signed-in buyer (telethon-codes.test.ts)',
  'POST /stats/shows/:id/player':
    'the session’s user and viewer win over the body’s ids (player-stats.test.ts)',
};

const ROWS = [
  ...BUYER_ROWS,
  ...ORDER_ROWS,
  ...PROOF_ROWS,
  ...ACCOUNT_ROWS,
  ...SHOW_ROWS,
  ...MIXED_ORDER_ROWS,
  ...LIVE_ROWS,
  ...CROSS_ROWS,
];
/** Routes outside the contract that the matrix also tries. */
const NON_CONTRACT = ['GET /storage/*'];

describe('the authorisation matrix covers every route that takes an id', () => {
  const covered = new Set(ROWS.map((row) => row.route));
  const contract = new Set(contractEndpoints().map((e) => `${e.method} ${e.path}`));

  it('finds the contract’s endpoints and their ids', () => {
    expect(contract.size).toBeGreaterThan(100);
    expect(routesWithIds()).toEqual(
      expect.arrayContaining(['GET /cart/:sessionID', 'GET /cart/orders', 'GET /admin/orders']),
    );
  });

  it('has a row, or a reason to be public, for each of them', () => {
    const missing = routesWithIds().filter((r) => !covered.has(r) && !(r in PUBLIC_ROUTES));
    expect(missing, 'add a row to the matrix (docs/operations.md says how)').toEqual([]);
  });

  it('names only real routes, and never both a row and a public reason', () => {
    for (const route of covered) {
      expect(contract.has(route) || NON_CONTRACT.includes(route), route).toBe(true);
    }
    for (const route of Object.keys(PUBLIC_ROUTES)) {
      expect(contract.has(route), route).toBe(true);
      expect(covered.has(route), route).toBe(false);
    }
  });

  it('tries more than 70 route rows with five callers each', () => {
    expect(ROWS.length).toBeGreaterThan(70);
  });
});
