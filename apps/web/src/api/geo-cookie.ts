import { playerEndpoints } from '@taquilla/contract/plain';
import type { GeoLocation } from '@taquilla/contract';
import { apiCall } from './client';

/*
 * Where the viewer is (GET /geo), kept in a cookie for 45 days (001 §4, §9) so the
 * player and the landing pages ask once. It only says where the player reports it is
 * (analytics) and whether a film page warns of a regional restriction: the playback
 * call decides the region on the server, never from this cookie.
 */
export const GEO_COOKIE = 'geo';
const GEO_MAX_AGE_S = 45 * 24 * 60 * 60;

/**
 * The cookie's value as a GeoLocation, or null: the browser keeps it, so anything may be
 * there. Checked field by field rather than with the contract's schema, which would bring
 * zod to the landing pages that show the region banner (decision 0070).
 */
function asGeoLocation(value: unknown): GeoLocation | null {
  const geo = value as Partial<Record<keyof GeoLocation, unknown>> | null;
  const isTextOrNull = (field: unknown) => field === null || typeof field === 'string';
  const code = geo?.country_code;
  const isLocation =
    typeof geo?.ip === 'string' &&
    (code === null || (typeof code === 'string' && code.length === 2)) &&
    isTextOrNull(geo.country_name) &&
    isTextOrNull(geo.city);
  return isLocation ? (geo as GeoLocation) : null;
}

export function readGeoCookie(): GeoLocation | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== GEO_COOKIE) continue;
    try {
      return asGeoLocation(JSON.parse(decodeURIComponent(value.join('='))));
    } catch {
      return null;
    }
  }
  return null;
}

function writeGeoCookie(location: GeoLocation): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const value = encodeURIComponent(JSON.stringify(location));
  document.cookie = `${GEO_COOKIE}=${value}; Path=/; Max-Age=${GEO_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/** The cached location, else GET /geo (cached); null when the lookup fails (nothing is blocked by it). */
export async function loadGeo(signal?: AbortSignal): Promise<GeoLocation | null> {
  const cached = readGeoCookie();
  if (cached) return cached;
  try {
    const location = await apiCall(playerEndpoints.getGeo, { signal });
    writeGeoCookie(location);
    return location;
  } catch {
    return null;
  }
}
