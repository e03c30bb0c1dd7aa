import { useCallback, useEffect, useState } from 'react';
import { adminCheckinEndpoints } from '@taquilla/contract/plain';
import type { AdminAttendance, AttendanceCount } from '@taquilla/contract';
import { apiCall } from '../../api/client';

/** The count is read again this often, so two doors see each other's check-ins. */
export const ATTENDANCE_REFRESH_MS = 10_000;

/**
 * The live attendance of the door's show: read at once, every 10 seconds and on
 * `refresh()` (after each check-in). A failed read keeps the last figures rather than
 * blanking the count at a busy door; `setCount` shows a check-in's own count at once.
 */
export function useAttendance(showId: string) {
  const [state, setState] = useState<{ showId: string; value: AdminAttendance } | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    apiCall(adminCheckinEndpoints.getAttendance, {
      params: { id: showId },
      signal: controller.signal,
    }).then(
      (value) => setState({ showId, value }),
      () => undefined,
    );
    return () => controller.abort();
  }, [showId, tick]);

  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), ATTENDANCE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [showId]);

  const refresh = useCallback(() => setTick((n) => n + 1), []);
  const setCount = useCallback(
    (count: AttendanceCount) =>
      setState((current) =>
        current && current.showId === showId
          ? { showId, value: { ...current.value, ...count } }
          : current,
      ),
    [showId],
  );

  return {
    attendance: state && state.showId === showId ? state.value : null,
    refresh,
    setCount,
  };
}
