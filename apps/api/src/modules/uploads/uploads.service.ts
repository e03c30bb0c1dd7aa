import { createHash, randomUUID } from 'node:crypto';
import type { UploadUrl, UploadUrlQuery } from '@taquilla/contract';
import { isCartSessionId } from '@taquilla/domain';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import { MAGIC_BYTES, imageTypeOf, uploadTooLarge } from '../storage/storage.content.ts';
import type { AcceptedImageType } from '../storage/storage.content.ts';
import { WRITE_ONCE_PREFIX } from '../storage/storage.keys.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';

/** A buyer asks for one URL per picked file; a script asking for thousands is stopped. */
export const UPLOAD_URL_ATTEMPTS: RateLimitRule = { limit: 30, windowSeconds: 600 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The last segment of a proof key, as createProofUploadUrl names it. */
const PROOF_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png)$/;

const TYPE_OF_EXTENSION: Readonly<Record<string, AcceptedImageType>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/**
 * The folder of one buyer's proofs. The session id is a bearer secret (it
 * owns the cart), so keys and links carry a hash of it, never the id itself.
 */
export function proofSessionHash(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex').slice(0, 16);
}

/** A proof an order may reference: stored here, small enough, a JPG or PNG by content. */
export interface VerifiedProof {
  key: string;
  size: number;
  contentType: AcceptedImageType;
}

/** The show and browser a proof was uploaded for (its folder). */
export interface ProofOwner {
  showId: string;
  sessionId: string;
}

/** A proof copied for an order: the buyer's upload, and the order's own copy, checked. */
export interface OrderProof extends VerifiedProof {
  /** The buyer's upload, `proofs/{show}/{hash}/{uuid}.{ext}`: one order per upload. */
  sourceKey: string;
}

/**
 * Deposit proofs (000 §5 Proof upload, §7 GET /cart/orders/uploadUrl): a
 * signed URL to PUT the file to, and the check an order makes of the link it
 * is given, which copies it for the order. See docs/decisions/0019-proof-storage.md
 * and 0065-order-owned-proofs.md.
 */
export function createUploadsService(deps: {
  db: Db;
  storage: ObjectStorage;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  config: Pick<Config, 'PUBLIC_URL' | 'UPLOAD_MAX_BYTES' | 'UPLOAD_URL_TTL_SECONDS'>;
}) {
  const { db, storage, config } = deps;
  /** Links name objects as `${PUBLIC_URL}/storage/{key}`, whatever the driver. */
  const linkBase = `${config.PUBLIC_URL.replace(/\/+$/, '')}/storage/`;
  const proofFolder = (showId: string, sessionId: string) =>
    `proofs/${showId.toLowerCase()}/${proofSessionHash(sessionId)}/`;
  const invalidLink = () => new AppError('PROOF_LINK_INVALID');

  /** The key of a link this server issued for this show and session's proofs, or a refusal. */
  function uploadKeyOf(link: string, owner: ProofOwner): string {
    const folder = linkBase + proofFolder(owner.showId, owner.sessionId);
    if (!link.startsWith(folder) || !PROOF_NAME.test(link.slice(folder.length))) {
      throw invalidLink();
    }
    return link.slice(linkBase.length);
  }

  /** A stored proof's size and type, judged by its first bytes, or a refusal. */
  async function checkStored(key: string): Promise<Omit<VerifiedProof, 'key'>> {
    const found = await storage.head(key);
    if (!found) throw invalidLink();
    if (found.size > config.UPLOAD_MAX_BYTES) throw uploadTooLarge(config.UPLOAD_MAX_BYTES);
    const start = await storage.readStart(key, MAGIC_BYTES);
    if (!start) throw invalidLink();
    const contentType = imageTypeOf(start);
    if (!contentType) throw new AppError('UPLOAD_INVALID_TYPE');
    return { size: found.size, contentType };
  }

  return {
    /** GET /cart/orders/uploadUrl */
    async createProofUploadUrl(ip: string, query: UploadUrlQuery): Promise<UploadUrl> {
      await deps.rateLimiter.consume([{ key: `upload-url:ip:${ip}`, rule: UPLOAD_URL_ATTEMPTS }]);
      if (!isCartSessionId(query.session_id)) {
        throw new AppError('VALIDATION_ERROR', {
          fields: [{ field: 'session_id', message: 'Identificador de sesión inválido' }],
        });
      }
      const extension = /\.(jpe?g|png)$/i.exec(query.filename)?.[1]?.toLowerCase() ?? '';
      const contentType = TYPE_OF_EXTENSION[extension];
      if (!contentType) throw new AppError('UPLOAD_INVALID_TYPE');
      const show = UUID.test(query.show_uid)
        ? await db.show.findUnique({ where: { id: query.show_uid }, select: { id: true } })
        : null;
      if (!show) throw new AppError('SHOW_NOT_FOUND');

      const name = `${randomUUID()}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
      const key = proofFolder(show.id, query.session_id) + name;
      const signedUrl = await storage.signedPutUrl(key, {
        contentType,
        expiresInSeconds: config.UPLOAD_URL_TTL_SECONDS,
      });
      return { signedUrl, link: linkBase + key };
    },

    /**
     * The check of a link to a buyer's upload: one this server issued for this show
     * and this buyer's session, naming an object that exists, within the size limit,
     * and a JPG or PNG by its first bytes. With S3 this is where the content is
     * judged: a bucket takes any bytes on PUT.
     */
    async verifyProofLink(link: string, owner: ProofOwner): Promise<VerifiedProof> {
      const key = uploadKeyOf(link, owner);
      return { key, ...(await checkStored(key)) };
    },

    /**
     * What a deposit order keeps of `payment_info.file_info` (decision 0065): a copy of
     * the upload at a new key no signed URL can target, checked after it was made, so
     * the organiser reviews exactly the bytes that were checked whatever is PUT to the
     * upload's URL later. The caller discards the copy if the order is not placed.
     */
    async copyProofForOrder(link: string, owner: ProofOwner): Promise<OrderProof> {
      const sourceKey = uploadKeyOf(link, owner);
      const key = `${WRITE_ONCE_PREFIX}${randomUUID()}${sourceKey.slice(sourceKey.lastIndexOf('.'))}`;
      if (!(await storage.copy(sourceKey, key))) throw invalidLink();
      try {
        return { sourceKey, key, ...(await checkStored(key)) };
      } catch (err) {
        // The refusal is the answer; a copy left behind is an orphan the sweep removes (0061).
        await storage.delete(key).catch(() => undefined);
        throw err;
      }
    },

    /** A copy made for an order that was not placed. */
    async discardOrderProof(key: string): Promise<void> {
      if (!key.startsWith(WRITE_ONCE_PREFIX)) throw new Error(`not an order's proof: ${key}`);
      await storage.delete(key);
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
