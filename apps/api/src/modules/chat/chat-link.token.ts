import { createHmac, timingSafeEqual } from 'node:crypto';
import { CHAT_LINK_TOKEN_PATTERN, roleSchema } from '@taquilla/contract';
import type { Role } from '@taquilla/contract';
import { z } from 'zod';

/**
 * What a mobile chat link carries (001 §2 `s`: user, viewer, username), plus what the
 * server needs to check it: the show, the session's role, the code of a code show, and
 * when it ends.
 */
export interface ChatLinkClaims {
  userId: string;
  viewerId: string | null;
  username: string;
  showId: string;
  role: Role;
  code: string | null;
  /** Unix seconds. */
  expiresAt: number;
}

const HEADER = { alg: 'HS256', typ: 'JWT' } as const;

const payloadSchema = z.object({
  sub: z.string().min(1),
  vid: z.string().nullable(),
  name: z.string().min(1),
  show: z.string().min(1),
  role: roleSchema,
  code: z.string().nullable(),
  exp: z.number().int(),
});

const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const sign = (secret: string, data: string) =>
  createHmac('sha256', secret).update(data).digest('base64url');

/**
 * `s` is a JSON Web Token signed with HMAC-SHA256: exactly three parts (header,
 * claims, signature) as 001 §5 asks, and anyone who changes a character of it (or
 * writes one without the secret) is refused.
 */
export function signChatLink(secret: string, claims: ChatLinkClaims): string {
  const body = `${encode(HEADER)}.${encode({
    sub: claims.userId,
    vid: claims.viewerId,
    name: claims.username,
    show: claims.showId,
    role: claims.role,
    code: claims.code,
    exp: claims.expiresAt,
  })}`;
  return `${body}.${sign(secret, body)}`;
}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/** The claims of a link this server signed for `showId` that has not expired, else null. */
export function verifyChatLink(
  secret: string,
  token: string | undefined,
  showId: string,
  now: Date,
): ChatLinkClaims | null {
  if (!token || !CHAT_LINK_TOKEN_PATTERN.test(token)) return null;
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const expected = Buffer.from(sign(secret, `${header}.${payload}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const head = decodeJson(header) as { alg?: unknown } | null;
  if (head?.alg !== HEADER.alg) return null;
  const parsed = payloadSchema.safeParse(decodeJson(payload));
  if (!parsed.success) return null;
  const claims = parsed.data;
  if (claims.show !== showId || claims.exp * 1000 <= now.getTime()) return null;
  return {
    userId: claims.sub,
    viewerId: claims.vid,
    username: claims.name,
    showId: claims.show,
    role: claims.role,
    code: claims.code,
    expiresAt: claims.exp,
  };
}
