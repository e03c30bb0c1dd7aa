import type { SeatState } from '@taquilla/contract';
import { PreEncoded } from '../../plugins/pre-encoded.ts';
import type { PreparedSection } from './maps.mapper.ts';
import { seatStatesJson } from './maps.mapper.ts';

/** A seat's reservation as the snapshot keeps it: expired holds included, judged per request. */
export interface Reservation {
  seatId: string;
  kind: 'HOLD' | 'SALE';
  cartId: string | null;
  /** Epoch ms; null for a sale. */
  expiresAt: number | null;
}

/**
 * One section's reservations for one show (a date), read once and answered
 * many times. It is right as long as the show's seat version in Redis is the
 * one read before the rows were (every committed change writes a new version
 * before announcing it) and for at most `maxAgeMs` besides, which bounds
 * what a write that bypassed the announcement could leave stale.
 */
export class SectionSnapshot {
  private generic: { answer: PreEncoded; from: number; until: number } | null = null;
  private readonly holdsByCart = new Map<string, Reservation[]>();
  private readonly bySeat = new Map<string, Reservation>();
  private readonly expiries: number[];

  constructor(
    readonly version: string | null,
    readonly loadedAt: number,
    private readonly section: PreparedSection,
    private readonly reservations: Reservation[],
  ) {
    for (const r of reservations) {
      this.bySeat.set(r.seatId, r);
      if (r.kind !== 'HOLD' || r.cartId === null) continue;
      const list = this.holdsByCart.get(r.cartId) ?? [];
      list.push(r);
      this.holdsByCart.set(r.cartId, list);
    }
    this.expiries = reservations
      .flatMap((r) => (r.expiresAt === null ? [] : [r.expiresAt]))
      .sort((a, b) => a - b);
  }

  private static isTaken(r: Reservation, now: number): boolean {
    return r.kind === 'SALE' || (r.expiresAt !== null && r.expiresAt > now);
  }

  /** Whether a seat is sold or held live at `now`, by anyone. */
  isTaken(seatId: string, now: number): boolean {
    const r = this.bySeat.get(seatId);
    return r !== undefined && SectionSnapshot.isTaken(r, now);
  }

  /** Whether `cart` holds a seat of this section live at `now` (then its answer is its own). */
  holdsAny(cart: string, now: number): boolean {
    return (this.holdsByCart.get(cart) ?? []).some((r) => SectionSnapshot.isTaken(r, now));
  }

  /**
   * The answer for a caller without holds here: the same bytes (and their
   * gzip and br forms, made once) for everyone while no hold expires.
   */
  genericAnswer(now: number): PreEncoded {
    const cached = this.generic;
    if (cached && now >= cached.from && now < cached.until) return cached.answer;
    // The live set is constant between the last expiry at or before now and the next after it.
    let from = Number.NEGATIVE_INFINITY;
    let until = Number.POSITIVE_INFINITY;
    for (const at of this.expiries) {
      if (at <= now) from = at;
      else {
        until = at;
        break;
      }
    }
    const answer = new PreEncoded(this.render(now, null));
    this.generic = { answer, from, until };
    return answer;
  }

  /** The answer for a cart holding seats here: its own holds `reserved`. */
  answerFor(cart: string, now: number): string {
    return this.render(now, cart);
  }

  private render(now: number, cart: string | null): string {
    const states = new Map<string, SeatState['state']>();
    for (const r of this.reservations) {
      if (!SectionSnapshot.isTaken(r, now)) continue;
      const mine = r.kind === 'HOLD' && cart !== null && r.cartId === cart;
      states.set(r.seatId, mine ? 'reserved' : 'unavailable');
    }
    return seatStatesJson(this.section, (seatId) => states.get(seatId) ?? 'available');
  }
}

/**
 * The longest a section's seat snapshot is answered without reading the
 * database again, even when no change was announced: it bounds what a write
 * that bypassed the announcement (an operator's SQL) could leave stale.
 * Announced changes take effect at once, whatever this is.
 */
export const SEAT_SNAPSHOT_MAX_AGE_MS = 1_000;
/** Sections kept in memory; past this the oldest snapshot goes. */
const MAX_SNAPSHOTS = 5_000;

/**
 * Snapshots per (show, section), checked on every request against the show's
 * seat version in Redis. The version is read first, then the rows: a change
 * committed after the read renews the version, so the next request reloads.
 * Without a readable version it reads the database every time.
 */
export function createSnapshotStore(deps: {
  load: (showId: string, section: PreparedSection) => Promise<Reservation[]>;
  version?: (showId: string) => Promise<string | null>;
  maxAgeMs?: number;
  log?: { warn: (o: object, m: string) => void };
}) {
  const maxAgeMs = deps.maxAgeMs ?? SEAT_SNAPSHOT_MAX_AGE_MS;
  const snapshots = new Map<string, SectionSnapshot>();
  const loading = new Map<string, Promise<SectionSnapshot>>();

  async function fresh(showId: string, section: PreparedSection, version: string | null) {
    return new SectionSnapshot(version, Date.now(), section, await deps.load(showId, section));
  }

  return {
    async get(showId: string, section: PreparedSection): Promise<SectionSnapshot> {
      if (!deps.version || maxAgeMs <= 0) return fresh(showId, section, null);
      let version: string | null;
      try {
        version = await deps.version(showId);
      } catch (err) {
        deps.log?.warn({ err }, 'seat version unreadable; reading seats from the database');
        return fresh(showId, section, null);
      }
      const key = `${showId}:${section.id}`;
      const cached = snapshots.get(key);
      if (cached && cached.version === version && Date.now() - cached.loadedAt < maxAgeMs) {
        return cached;
      }
      // Concurrent misses for the same version share one query.
      const flightKey = `${key}:${version ?? '-'}`;
      const pending = loading.get(flightKey);
      if (pending) return pending;
      const load = fresh(showId, section, version)
        .then((snapshot) => {
          snapshots.delete(key);
          if (snapshots.size >= MAX_SNAPSHOTS) {
            const oldest = snapshots.keys().next().value;
            if (oldest !== undefined) snapshots.delete(oldest);
          }
          snapshots.set(key, snapshot);
          return snapshot;
        })
        .finally(() => loading.delete(flightKey));
      loading.set(flightKey, load);
      return load;
    },
  };
}
