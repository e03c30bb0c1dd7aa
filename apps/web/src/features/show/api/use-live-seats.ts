import { useCallback, useEffect, useRef, useState } from 'react';
import { endpoints } from '@taquilla/contract/plain';
import type { SeatChangeMessage, SeatState } from '@taquilla/contract';
import { ApiError, apiCall } from '../../../api/client';
import { listenToChannel } from '../../../api/realtime';
import { es } from '../../../i18n/es';

type Change = SeatChangeMessage['changes'][number];

/**
 * A `show-seats/` message, known by its `event`: the gateway publishes the contract's
 * SeatChangeMessage, read without its schema so the seat map needs no zod (decision 0070).
 */
function asSeatChange(data: unknown): SeatChangeMessage | null {
  const message = data as Partial<SeatChangeMessage> | null;
  return message?.event === 'seats' && Array.isArray(message.changes)
    ? (message as SeatChangeMessage)
    : null;
}

export type LiveSeats =
  | { status: 'loading'; retry: () => void }
  | { status: 'error'; error: ApiError; retry: () => void }
  | { status: 'success'; data: SeatState[]; retry: () => void };

/**
 * Who holds a seat is the cart's business (the page draws its own holds from the cart),
 * so the states kept here are only free or taken.
 */
function asFreeOrTaken(seat: SeatState): SeatState {
  const isFree = seat.state === 'available';
  return {
    ...seat,
    state: isFree ? 'available' : 'unavailable',
    available: isFree,
    reserved: false,
  };
}

function applyChanges(seats: SeatState[], changes: readonly Change[]): SeatState[] {
  if (changes.length === 0) return seats;
  const byId = new Map(changes.map((change) => [change.seat_uid, change.change]));
  return seats.map((seat) => {
    const change = byId.get(seat._id);
    if (!change) return seat;
    const isFree = change === 'released';
    return { ...seat, state: isFree ? 'available' : 'unavailable', available: isFree };
  });
}

/**
 * POST /shows/{showId}/map/seats for one section, kept current by `show-seats/{showId}`
 * (every seat held, released or sold, as it commits), so nobody clicks a seat that went a
 * second ago. Changes heard before the first answer are applied to it; after a dropped
 * connection the section is read again. `cartId` is sent with the first read only: the
 * cart's own holds are drawn from the cart, so a new cart does not reload the seats.
 */
export function useLiveSeats(
  showId: string,
  mapId: string,
  sectionId: string,
  cartId: string | null,
): LiveSeats {
  const [attempt, setAttempt] = useState(0);
  // Kept with the section it is for: a retry shows the old seats until the new arrive.
  const key = `${showId} ${mapId} ${sectionId}`;
  const [result, setResult] = useState<
    | ({ key: string } & (
        { status: 'success'; data: SeatState[] } | { status: 'error'; error: ApiError }
      ))
    | null
  >(null);
  const cartIdRef = useRef(cartId);
  cartIdRef.current = cartId;
  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    let pending: Change[] | null = [];

    const stopListening = listenToChannel(`show-seats/${showId}`, {
      onMessage: (data) => {
        const message = asSeatChange(data);
        if (!message) return;
        const changes = message.changes.filter((change) => change.section_uid === sectionId);
        if (pending) pending.push(...changes);
        else
          setResult((current) =>
            current?.key === key && current.status === 'success'
              ? { ...current, data: applyChanges(current.data, changes) }
              : current,
          );
      },
      onReconnect: retry,
    });

    apiCall(endpoints.getSeatStates, {
      params: { id: showId },
      body: { location: mapId, section: sectionId, cart: cartIdRef.current },
      signal: controller.signal,
    }).then(
      (seats) => {
        const heard = pending ?? [];
        pending = null;
        setResult({
          key,
          status: 'success',
          data: applyChanges(seats.map(asFreeOrTaken), heard),
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({
          key,
          status: 'error',
          error:
            error instanceof ApiError
              ? error
              : new ApiError(0, 'INTERNAL_ERROR', es.errors.unexpected),
        });
      },
    );

    return () => {
      controller.abort();
      stopListening();
    };
  }, [key, showId, mapId, sectionId, attempt, retry]);

  if (result === null || result.key !== key) return { status: 'loading', retry };
  if (result.status === 'error') return { status: 'error', error: result.error, retry };
  return { status: 'success', data: result.data, retry };
}
