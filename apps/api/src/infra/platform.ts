import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';

/**
 * What the composition root (app.ts) hands a module that reaches the platform
 * itself: the configuration, PostgreSQL, Redis with this deployment's key
 * namespace, and the clock services read.
 */
export interface PlatformDeps {
  config: Config;
  db: Db;
  redis: Redis;
  namespace: string;
  clock: () => Date;
}
