import type { FastifyInstance } from 'fastify';
import { derivedSecret } from '../../config.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../infra/db.ts';
import type { DeviceCheck } from './player.types.ts';
import { registerAdminAccessCodeRoutes } from '../admin/access-codes/admin-access-codes.routes.ts';
import { createAdminAccessCodesService } from '../admin/access-codes/admin-access-codes.service.ts';
import { createGeoLocator } from '../geo/geo.lookup.ts';
import type { GeoLocator } from '../geo/geo.lookup.ts';
import { registerGeoRoutes } from '../geo/geo.routes.ts';
import { registerPlayerRoutes } from './player.routes.ts';
import { createWatchAccess } from './player.service.ts';
import type { WatchAccess } from './player.service.ts';
import { createViewerTokens } from './viewer-token.ts';
import type { ViewerTokens } from './viewer-token.ts';

/** New viewers of password shows per address are counted by the hour (decision 0063). */
const NEW_VIEWERS_WINDOW_SECONDS = 60 * 60;

/**
 * Watching at the composition root (decision 0022): the geo-IP lookup, the
 * watch rules with their calls (code check, playback), the viewer tokens of
 * password shows (decision 0063), and the organiser's access codes. The rules
 * and the tokens are returned for the realtime channels.
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
): Promise<{ watch: WatchAccess; viewerTokens: ViewerTokens }> {
  const geo = deps.geo ?? createGeoLocator({ log: app.log });
  const { config } = deps;
  const viewerTokens = createViewerTokens({
    secret: config.VIEWER_TOKEN_SECRET ?? derivedSecret(config, 'taquilla:viewer-token:'),
    clock: deps.clock,
    rateLimiter: app.rateLimiter,
    newViewersPerAddress: {
      limit: config.VIEWER_TOKENS_PER_IP,
      windowSeconds: NEW_VIEWERS_WINDOW_SECONDS,
    },
  });
  const watch = createWatchAccess({
    db: deps.db,
    clock: deps.clock,
    geo,
    rateLimiter: app.rateLimiter,
    blockedCountries: deps.config.BLOCKED_COUNTRIES,
    devices: deps.devices,
    viewerTokens,
  });
  registerGeoRoutes(app, { geo });
  registerPlayerRoutes(app, { watch });
  await registerAdminAccessCodeRoutes(
    app,
    createAdminAccessCodesService({ db: deps.db, clock: deps.clock }),
  );
  return { watch, viewerTokens };
}
