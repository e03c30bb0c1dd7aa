import { useCallback, useRef, useState } from 'react';
import { checkinRefusalSchema } from '@taquilla/contract';
import { adminCheckinEndpoints } from '@taquilla/contract/plain';
import type { AdminCheckin } from '@taquilla/contract';
import { isWellFormedTicketCode, normalizeTicketCode } from '@taquilla/domain';
import { apiCall, isApiError } from '../../api/client';
import { doorTexts } from './admin-door.texts';
import type { DoorResult } from './result-panel';

/**
 * A QR held in front of the camera is read five times a second: the same code is
 * ignored while it keeps being seen, until this long after its last sighting.
 */
export const SAME_CODE_WINDOW_MS = 3000;
const VIBRATE_ADMITTED = 150;
const VIBRATE_REFUSED = [120, 80, 120, 80, 300];

function vibrate(pattern: number | number[]) {
  if (typeof navigator.vibrate === 'function') navigator.vibrate(pattern);
}

function refusalOf(error: unknown, code: string | null): DoorResult {
  if (isApiError(error)) {
    if (error.error === 'NETWORK_ERROR') {
      return { kind: 'refused', code, error: error.error, message: doorTexts.result.network };
    }
    const body = checkinRefusalSchema.safeParse(error.body);
    return {
      kind: 'refused',
      code,
      error: error.error,
      message: body.success ? body.data.message : error.message,
    };
  }
  return { kind: 'refused', code, error: 'INTERNAL_ERROR', message: doorTexts.camera.failed };
}

/**
 * The door's reads for one show: each code is sent once to POST /admin/checkin and
 * the answer becomes the result panel (with a vibration where the phone has one).
 * `result.id` changes with every read, so a repeated answer is a new alert.
 */
export function useDoorCheckin(showId: string, onAdmitted: (entry: AdminCheckin) => void) {
  const [result, setResult] = useState<{ id: number; value: DoorResult } | null>(null);
  const [isBusy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const lastSeen = useRef<{ code: string; at: number } | null>(null);
  const sequence = useRef(0);

  const show = useCallback((value: DoorResult) => {
    sequence.current += 1;
    setResult({ id: sequence.current, value });
    vibrate(value.kind === 'admitted' ? VIBRATE_ADMITTED : VIBRATE_REFUSED);
  }, []);

  /** Sends a well-formed code (typed or read) and shows the answer. */
  const submit = useCallback(
    async (code: string) => {
      busyRef.current = true;
      setBusy(true);
      try {
        const entry = await apiCall(adminCheckinEndpoints.checkIn, {
          body: { code, show_uid: showId },
        });
        show({ kind: 'admitted', entry });
        onAdmitted(entry);
      } catch (error) {
        show(refusalOf(error, code));
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [showId, show, onAdmitted],
  );

  /**
   * A camera read: skipped while another is being checked, and while the same text
   * keeps being seen; a QR that holds no ticket code is refused here, unsent.
   */
  const scanned = useCallback(
    (text: string) => {
      if (busyRef.current) return;
      const code = normalizeTicketCode(text);
      const now = Date.now();
      const last = lastSeen.current;
      lastSeen.current = { code, at: now };
      if (last && last.code === code && now - last.at < SAME_CODE_WINDOW_MS) return;
      if (!isWellFormedTicketCode(code)) {
        show({
          kind: 'refused',
          code: null,
          error: 'NOT_A_TICKET',
          message: doorTexts.camera.notTicket,
        });
        return;
      }
      void submit(code);
    },
    [show, submit],
  );

  return { result, isBusy, submit, scanned };
}
