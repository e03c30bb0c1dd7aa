import { randomBytes } from 'node:crypto';
import { derivedSecret } from '../../src/config.ts';
import { signViewerToken } from '../../src/modules/player/viewer-token.ts';
import type { TestApp } from './app.ts';

/**
 * The viewer token's rows of the authorisation matrix (decisions 0046, 0063): the
 * tokens nobody was given for show B, each of which every entry point that reads a
 * token (setChannel on the chat and the polls, the HTTP poll answer) must refuse with
 * VIEWER_TOKEN_INVALID, storing nothing. `genuineA` and `genuineB` are tokens the
 * playback calls of shows A and B gave; the positive control is `genuineB` on B.
 */
export interface TokenWorld {
  t: TestApp;
  showA: string;
  showB: string;
  genuineA: string;
  genuineB: string;
}

const base64url = (value: unknown) =>
  Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** The server's own secret (derived, as in a deployment that sets none). */
const secretOf = (t: TestApp) =>
  t.config.VIEWER_TOKEN_SECRET ?? derivedSecret(t.config, 'taquilla:viewer-token:');

const holderOf = (token: string) =>
  (
    JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as {
      p: string;
    }
  ).p;

export const FOREIGN_TOKENS: { note: string; token: (w: TokenWorld) => string }[] = [
  { note: 'a genuine token of show A, on show B', token: (w) => w.genuineA },
  {
    // The test app's clock stands at its start, minutes ago at most.
    note: 'a token of B that expired an hour ago, signed by the server itself',
    token: (w) =>
      signViewerToken(secretOf(w.t), {
        showId: w.showB,
        holder: holderOf(w.genuineB),
        expiresAt: Math.floor(Date.now() / 1000) - 3600,
      }),
  },
  {
    note: 'B’s claims signed with another secret',
    token: (w) =>
      signViewerToken(randomBytes(32).toString('hex'), {
        showId: w.showB,
        holder: holderOf(w.genuineB),
        expiresAt: Math.floor(Date.now() / 1000) + 3600,
      }),
  },
  {
    note: 'A’s token with its show changed to B (A’s signature kept)',
    token: (w) => {
      const [body, signature] = w.genuineA.split('.') as [string, string];
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as object;
      return `${base64url({ ...claims, s: w.showB })}.${signature}`;
    },
  },
  {
    note: 'B’s token with another holder (B’s signature kept)',
    token: (w) => {
      const [body, signature] = w.genuineB.split('.') as [string, string];
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as object;
      return `${base64url({ ...claims, p: randomBytes(16).toString('base64url') })}.${signature}`;
    },
  },
  { note: 'a JWT-shaped string', token: () => 'eyJhbGciOiJub25lIn0.eyJzIjoiYiJ9.' },
  { note: 'the show’s password itself', token: () => 'Clave-Sala' },
];

export { holderOf };
