import { geoLocationSchema, playerEndpoints } from '@taquilla/contract';
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

export function readGeoCookie(): GeoLocation | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== GEO_COOKIE) continue;
    try {
      const parsed = geoLocationSchema.safeParse(JSON.parse(decodeURIComponent(value.join('='))));
      return parsed.success ? parsed.data : null;
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
