import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../infra/db.ts';
import type { DeviceCheck } from '../devices/device-key.ts';
import { registerAdminAccessCodeRoutes } from '../admin/admin-access-codes.routes.ts';
import { createAdminAccessCodesService } from '../admin/admin-access-codes.service.ts';
import { createGeoLocator } from '../geo/geo.lookup.ts';
import type { GeoLocator } from '../geo/geo.lookup.ts';
import { registerGeoRoutes } from '../geo/geo.routes.ts';
import { registerPlayerRoutes } from './player.routes.ts';
import { createWatchAccess } from './player.service.ts';
import type { WatchAccess } from './player.service.ts';

/**
 * Watching at the composition root (decision 0022): the geo-IP lookup, the
 * watch rules with their calls (code check, playback), and the organiser's
 * access codes. The rules are returned for the realtime channels.
 */
export async function registerPlayer(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    clock: () => Date;
    geo?: GeoLocator;
    /** One device per code (decision 0026): the playback call refuses a replaced device. */
    devices?: DeviceCheck;
  },
): Promise<WatchAccess> {
  const geo = deps.geo ?? createGeoLocator({ log: app.log });
  const watch = createWatchAccess({
    db: deps.db,
    clock: deps.clock,
    geo,
    rateLimiter: app.rateLimiter,
    blockedCountries: deps.config.BLOCKED_COUNTRIES,
    devices: deps.devices,
  });
  registerGeoRoutes(app, { geo });
  registerPlayerRoutes(app, { watch });
  await registerAdminAccessCodeRoutes(
    app,
    createAdminAccessCodesService({ db: deps.db, clock: deps.clock }),
  );
  return watch;
}
