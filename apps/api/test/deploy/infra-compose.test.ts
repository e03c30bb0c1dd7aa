import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config.ts';
import { readRepoFile, readYamlDocuments } from '../helpers/infra-files.ts';

/** docker-compose.yml's promises (decision 0045); Compose itself is not run here. */
interface Service {
  image?: string;
  build?: { target?: string; dockerfile?: string };
  command?: string[] | string;
  entrypoint?: string[] | string;
  user?: string;
  read_only?: boolean;
  tmpfs?: string[];
  cap_drop?: string[];
  security_opt?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: string[]; disable?: boolean };
  profiles?: string[];
  depends_on?: Record<string, { condition: string }>;
}

const [compose] = readYamlDocuments('docker-compose.yml') as [
  { services: Record<string, Service>; volumes: Record<string, unknown> },
];
const services = compose.services;

function service(name: string): Service {
  const found = services[name];
  if (!found) throw new Error(`no service ${name}`);
  return found;
}

/** The containers built from infra/Dockerfile. */
const APP_SERVICES = ['api', 'worker', 'migrate', 'web'];

describe('docker-compose.yml', () => {
  it('runs every app container as a numeric non-root user on a read-only root file system', () => {
    for (const name of APP_SERVICES) {
      const s = service(name);
      expect(s.build?.dockerfile, name).toBe('infra/Dockerfile');
      expect(s.user, name).toMatch(/^[1-9]\d*:[1-9]\d*$/);
      expect(s.read_only, name).toBe(true);
      expect(
        s.tmpfs?.some((t) => t.split(':')[0] === '/tmp'),
        name,
      ).toBe(true);
      expect(s.security_opt, name).toContain('no-new-privileges:true');
      expect(s.cap_drop, name).toEqual(['ALL']);
    }
  });

  it('builds the API and worker from the app target and migrations from the migrate target', () => {
    expect(service('api').build?.target).toBe('app');
    expect(service('worker').build?.target).toBe('app');
    expect(service('migrate').build?.target).toBe('migrate');
    expect(service('api').command).toEqual(['server']);
    expect(service('worker').command).toEqual(['worker']);
    expect(service('migrate').command).toEqual(['setup']);
    const entry = readRepoFile('infra/docker-entrypoint.sh');
    for (const word of ['server', 'worker', 'setup'])
      expect(entry).toMatch(new RegExp(`\\n  ${word}\\)`));
  });

  it('gives the API and the worker /app/var on a volume, where the local storage and mail folder write', () => {
    for (const name of ['api', 'worker']) {
      expect(service(name).volumes, name).toContain('appvar:/app/var');
    }
    expect(compose.volumes).toHaveProperty('appvar');
    expect(service('web').volumes).toContain('caddydata:/var/lib/caddy');
  });

  it('checks the health of the API and of the worker', () => {
    expect(service('api').healthcheck?.test).toEqual([
      'CMD',
      'node',
      'apps/api/healthcheck.mjs',
      'api',
    ]);
    expect(service('worker').healthcheck?.test).toEqual([
      'CMD',
      'node',
      'apps/api/healthcheck.mjs',
      'worker',
    ]);
    expect(service('api').healthcheck?.disable).toBeUndefined();
    expect(service('worker').healthcheck?.disable).toBeUndefined();
    // The edge waits for a healthy API.
    expect(service('web').depends_on?.api?.condition).toBe('service_healthy');
  });

  it('sets only variables the API knows, and every one it requires', () => {
    const known = Object.keys(configSchema.shape);
    const env = service('api').environment ?? {};
    expect(Object.keys(env).filter((key) => !known.includes(key))).toEqual([]);
    const required = Object.entries(configSchema.shape)
      .filter(([, schema]) => !schema.safeParse(undefined).success)
      .map(([key]) => key);
    expect(required.length).toBeGreaterThan(0);
    for (const key of required) expect(env, key).toHaveProperty(key);
    expect(service('worker').environment).toEqual(env);
    expect(service('migrate').environment).toEqual(env);
  });

  it('keeps Redis durable for BullMQ: AOF fsynced every second, no eviction', () => {
    const command = (service('redis').command as string[]).join(' ');
    expect(command).toContain('--appendonly yes');
    expect(command).toContain('--appendfsync everysec');
    expect(command).toContain('--maxmemory-policy noeviction');
    expect(service('redis').volumes).toContain('redisdata:/data');
  });

  it('offers a scheduled pg_dump through scripts/ops/backup.sh behind the backup profile', () => {
    const backup = service('backup');
    expect(backup.profiles).toEqual(['backup']);
    expect(backup.volumes).toContain('./scripts/ops:/ops:ro');
    expect((backup.entrypoint as string[]).join(' ')).toContain('/ops/backup.sh');
    expect(backup.environment?.DATABASE_URL).toMatch(/@postgres:5432\/taquilla$/);
    expect(backup.read_only).toBe(true);
    expect(backup.user).toMatch(/^[1-9]\d*:[1-9]\d*$/);
    expect(backup.security_opt).toContain('no-new-privileges:true');
  });
});
