import { randomBytes } from 'node:crypto';
import type {
  BuyForViewerBody,
  BuyForViewerResult,
  Order,
  OrderPaymentInfo,
} from '@taquilla/contract';
import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { CartService } from '../cart/cart.service.ts';
import { issueTicketCodes } from '../etickets/etickets.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { findBuyerProfile, findFirstCodeOfOrder, findViewerShow } from './activation.repo.ts';
import { activateInTx, assertOwnViewer, viewingOptionsOf } from './activation.service.ts';
import type { ActivationCaller } from './activation.service.ts';

const SESSION_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SESSION_KEY_LENGTH = 32;

/** `legacy-` + 32 random characters of [A-Za-z0-9]: a cart no browser owns. */
export function legacySessionKey(random: (size: number) => Uint8Array = randomBytes): string {
  // Bytes past the last whole multiple of 62 are dropped so every character is equally likely.
  const limit = 256 - (256 % SESSION_ALPHABET.length);
  let key = '';
  while (key.length < SESSION_KEY_LENGTH) {
    for (const byte of random(SESSION_KEY_LENGTH)) {
      if (byte < limit && key.length < SESSION_KEY_LENGTH) {
        key += SESSION_ALPHABET.charAt(byte % SESSION_ALPHABET.length);
      }
    }
  }
  return `legacy-${key}`;
}

type Profile = Awaited<ReturnType<typeof findBuyerProfile>>;

/** The old page asks for a card only: the buyer form comes from the profile (000 §3 defaults). */
function buyerInfo(profile: Profile, card: BuyForViewerBody['payment_info']): OrderPaymentInfo {
  const [first = profile.fullname, ...rest] = profile.fullname.trim().split(/\s+/);
  return {
    email: profile.email,
    firstname: profile.firstname || first,
    lastname: profile.lastname || rest.join(' ') || first,
    phone: profile.phone || '00000000',
    address: 'Ciudad',
    city: 'Guatemala',
    state: 'Guatemala',
    country: 'GT',
    nit: 'C/F',
    cc_name: card.cc_name || profile.fullname,
    cc_number: card.cc_number,
    cc_exp: card.cc_exp,
    cc_cvv2: card.cc_cvv2,
  };
}

export type BuyForViewerAnswer =
  | { status: 200; body: BuyForViewerResult }
  /** 3-D Secure: the order as POST /cart/orders answers it, with the challenge page. */
  | { status: 303; body: unknown };

/**
 * The older viewer purchase (000 §3 "Older viewer purchase payload", §7
 * POST /viewers/viewers/{viewerId}/shows/{showId}; its answer is not shown).
 * Our reading: one card purchase of one ticket through the same checkout as
 * /cart/orders (a server-side cart of its own, the same holds, payment and
 * order rules), then access at once. Access is the order's own first code,
 * issued here with the tickets job's idempotent issuer and activated for the
 * buyer, so the e-mailed code cannot open the show for a second account.
 * A 3-D Secure card answers 303 like /cart/orders; its code then arrives by
 * e-mail and is activated as usual.
 */
export function createViewerPurchaseService(deps: {
  db: Db;
  clock: () => Date;
  cart: Pick<CartService, 'addItems' | 'reset'>;
  orders: Pick<OrdersService, 'create'>;
}) {
  const { db } = deps;
  return {
    async buyForViewer(
      caller: ActivationCaller,
      viewerId: string,
      showId: string,
      body: BuyForViewerBody,
    ): Promise<BuyForViewerAnswer> {
      const ownViewerId = assertOwnViewer(caller, viewerId);
      // Nobody pays for a show they can already watch.
      if (await findViewerShow(db, ownViewerId, showId)) {
        throw new AppError('ALREADY_ACTIVATED', { showUid: showId });
      }
      const sessionKey = legacySessionKey();
      const cartCaller = { userId: caller.userId, ip: caller.ip };
      const cart = await deps.cart.addItems(sessionKey, cartCaller, {
        items: [{ ticket_uid: body.ticket.ticket_id, show_uid: showId, quantity: 1 }],
      });
      const profile = await findBuyerProfile(db, caller.userId);
      let answer;
      try {
        answer = await deps.orders.create(
          {
            payment_type: 'CREDIT_CARD',
            payment_info: buyerInfo(profile, body.payment_info),
            session_id: sessionKey,
            cart_uid: cart._id as string,
          },
          cartCaller,
          null,
        );
      } catch (err) {
        // A declined or invalid card leaves the place held in a cart nobody will open again.
        await deps.cart.reset(sessionKey, cartCaller).catch(() => undefined);
        throw err;
      }
      if (answer.status !== 200) return { status: 303, body: answer.body };
      const orderId = (answer.body as Order)._id;
      await issueTicketCodes(db, orderId);
      const first = await findFirstCodeOfOrder(db, orderId);
      if (!first) throw new Error(`order ${orderId} was approved without codes`);
      // Paid but already watching (a second purchase raced this one): the 409 names the show.
      const access = await db.$transaction((tx) =>
        activateInTx(tx, {
          viewerId: ownViewerId,
          code: first.code,
          options: viewingOptionsOf(body),
          now: deps.clock(),
        }),
      );
      return { status: 200, body: { ...access, order_uid: orderId } };
    },
  };
}

export type ViewerPurchaseService = ReturnType<typeof createViewerPurchaseService>;
