import { useEffect, useState } from 'react';
import type { GeoLocation } from '@taquilla/contract';
import { isCountryBlocked } from '@taquilla/domain';
import { loadGeo, readGeoCookie } from '../../../../api/geo-cookie';
import { festivalTexts as t } from '../festival-pages.texts';

/**
 * The deployment's blocked countries for a show that names none, read as the API reads
 * its BLOCKED_COUNTRIES (comma-separated codes, `-` for none, IN by default). The
 * banner only warns: the playback call refuses the region on the server (decision 0039).
 */
export const DEFAULT_BLOCKED_COUNTRIES: readonly string[] = parseCountries(
  import.meta.env.VITE_BLOCKED_COUNTRIES,
);

function parseCountries(value: string | undefined): string[] {
  const trimmed = value?.trim();
  if (!trimmed) return ['IN'];
  if (trimmed === '-') return [];
  return trimmed
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
}

/** Where the visitor is: the cached `geo` cookie, else GET /geo; null when unknown. */
function useGeoLocation(): GeoLocation | null {
  const [location, setLocation] = useState<GeoLocation | null>(() => readGeoCookie());
  const isKnown = location !== null;
  useEffect(() => {
    if (isKnown) return;
    const controller = new AbortController();
    void loadGeo(controller.signal).then((found) => {
      if (!controller.signal.aborted && found) setLocation(found);
    });
    return () => controller.abort();
  }, [isKnown]);
  return location;
}

/** Whether the visitor's country may not watch the show (the player's rule, 001 §4). */
export function useIsRegionBlocked(blockedCountries: readonly string[] | undefined): boolean {
  const location = useGeoLocation();
  return isCountryBlocked(location?.country_code, blockedCountries ?? DEFAULT_BLOCKED_COUNTRIES);
}

/** 002 §5, §8: "Este contenido esta restringido para tu región / This content is …". */
export function RegionBanner({
  blockedCountries,
}: {
  blockedCountries: readonly string[] | undefined;
}) {
  const isBlocked = useIsRegionBlocked(blockedCountries);
  if (!isBlocked) return null;
  return (
    <p className="notice notice--warning region-banner" role="status">
      <span>{t.region.es}</span> / <span lang="en">{t.region.en}</span>
    </p>
  );
}
