import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config.ts';
import { ROOT, parseDockerfile, readRepoFile } from '../helpers/infra-files.ts';
import type { DockerStage } from '../helpers/infra-files.ts';

/**
 * infra/Dockerfile's promises (decision 0045). The image is not built in the
 * tests (no registry for the base image here): the file is read instead.
 */
const dockerfile = parseDockerfile(readRepoFile('infra/Dockerfile'));

function stage(name: string): DockerStage {
  const found = dockerfile.stages.find((s) => s.name === name);
  if (!found) throw new Error(`no stage ${name}`);
  return found;
}

function all(s: DockerStage, op: string): string[] {
  return s.instructions.filter((i) => i.op === op).map((i) => i.args);
}

/** ENV a=b c=d (or ENV a b) of a stage, merged. */
function env(s: DockerStage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const args of all(s, 'ENV')) {
    if (!args.includes('=')) {
      const [name = '', ...value] = args.split(/\s+/);
      out[name] = value.join(' ');
      continue;
    }
    for (const match of args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) {
      out[match[1] as string] = (match[2] as string).replace(/^"|"$/g, '');
    }
  }
  return out;
}

/** The images people run: the API/worker, the migrations and the edge. */
const IMAGES = ['app', 'migrate', 'web'];

describe('infra/Dockerfile', () => {
  it('builds on Node 24 LTS, the API and migrate images straight from it', () => {
    expect(dockerfile.args.NODE_IMAGE).toMatch(/^node:24(\.\d+)*-(bookworm-slim|alpine)/);
    for (const name of ['base', 'app', 'migrate']) {
      expect(stage(name).from, name).toBe(dockerfile.args.NODE_IMAGE);
    }
  });

  it('runs every image as a numeric non-root user, and never switches back to root', () => {
    for (const name of IMAGES) {
      const users = all(stage(name), 'USER');
      expect(users.length, name).toBeGreaterThan(0);
      for (const user of users) {
        expect(user, name).toMatch(/^\d+(:\d+)?$/);
        const [uid = '', gid = uid] = user.split(':');
        expect(Number(uid), name).toBeGreaterThan(0);
        expect(Number(gid), name).toBeGreaterThan(0);
      }
      // USER is the last thing that changes the user: no RUN after it runs as someone else.
      const lastUser = stage(name).instructions.findLastIndex((i) => i.op === 'USER');
      const runsAfter = stage(name)
        .instructions.slice(lastUser)
        .filter((i) => i.op === 'RUN');
      expect(runsAfter, name).toEqual([]);
    }
  });

  it('sets NODE_ENV=production in the API and migrate images', () => {
    expect(env(stage('app')).NODE_ENV).toBe('production');
    expect(env(stage('migrate')).NODE_ENV).toBe('production');
  });

  it('checks the API image with HEALTHCHECK on /health/live through healthcheck.mjs', () => {
    const [check] = all(stage('app'), 'HEALTHCHECK');
    expect(check).toMatch(/CMD \["node", "apps\/api\/healthcheck\.mjs", "api"\]/);
    expect(all(stage('app'), 'COPY')).toContain(
      '--chmod=0644 infra/healthcheck.mjs ./apps/api/healthcheck.mjs',
    );
    expect(readRepoFile('infra/healthcheck.mjs')).toContain('/health/live');
  });

  it('keeps dev dependencies out of the API image: only the prod-deps stage (pnpm deploy --prod) gives it modules', () => {
    const copies = all(stage('app'), 'COPY');
    const modules = copies.filter((c) => c.includes('node_modules'));
    expect(modules).toEqual(['--from=prod-deps /out/api/node_modules ./apps/api/node_modules']);
    // Nothing else from the build's workspace install, the Prisma CLI or the sources.
    for (const copy of copies) {
      expect(copy).not.toMatch(/\/app\/node_modules|\/app\/prisma|apps\/api\/src|\/app\/packages/);
    }
    const deploy = all(stage('prod-deps'), 'RUN').join(' ');
    expect(deploy).toMatch(/pnpm --filter @taquilla\/api deploy --prod/);
    expect(deploy).toMatch(/test ! -e \/out\/api\/node_modules\/vitest/);
  });

  it('imports from npm, in the API sources, only packages the API lists as dependencies', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'apps/api/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const srcDir = path.join(ROOT, 'apps/api/src');
    const files = (readdirSync(srcDir, { recursive: true }) as string[]).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('generated'),
    );
    expect(files.length).toBeGreaterThan(50);
    const missing = new Set<string>();
    for (const file of files) {
      const text = readFileSync(path.join(srcDir, file), 'utf8');
      const specifiers = [
        ...text.matchAll(/\bfrom\s+'([^']+)'/g),
        ...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
        ...text.matchAll(/^import\s+'([^']+)'/gm),
      ].map((m) => m[1] as string);
      for (const spec of specifiers) {
        if (spec.startsWith('.') || spec.startsWith('node:')) continue;
        const name = spec.startsWith('@')
          ? spec.split('/').slice(0, 2).join('/')
          : spec.split('/')[0];
        if (name && !(name in pkg.dependencies)) missing.add(`${name} (${file})`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it("gives the API image fontconfig's setup and a fallback font for the share cards' text", () => {
    const runs = all(stage('app'), 'RUN').join(' ');
    expect(runs).toMatch(/apt-get install -y --no-install-recommends fontconfig-config/);
    expect(runs).toMatch(/rm -rf \/var\/lib\/apt\/lists/);
    // The card's own font comes with the API's dependencies, whatever the image has.
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'apps/api/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.dependencies['@expo-google-fonts/inter']).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('writes only under /app/var and /tmp: every place the API writes is set there', () => {
    const app = env(stage('app'));
    // The config keys that name a folder the API or worker writes into.
    const writable = ['STORAGE_DIR', 'MAIL_OUTBOX_DIR'] as const;
    for (const key of writable) {
      expect(Object.keys(configSchema.shape)).toContain(key);
      expect(app[key], key).toMatch(/^\/app\/var\//);
    }
    const prepare = all(stage('app'), 'RUN').join(' ');
    expect(prepare).toMatch(/chown -R 10001:10001 \/app\/var/);
    // The user's home is /tmp, so nothing expects a writable home elsewhere.
    expect(prepare).toMatch(/--home-dir \/tmp/);
  });

  it('starts the API by default and the worker by argument, through the entry point', () => {
    const app = stage('app');
    expect(all(app, 'ENTRYPOINT')).toEqual(['["taquilla-entrypoint"]']);
    expect(all(app, 'CMD')).toEqual(['["server"]']);
    expect(all(stage('migrate'), 'CMD')).toEqual(['["migrate"]']);
    const entry = readRepoFile('infra/docker-entrypoint.sh');
    expect(entry).toMatch(
      /server\)\s+need apps\/api\/dist\/server\.js[^\n]*\n\s+exec node apps\/api\/dist\/server\.js/,
    );
    expect(entry).toMatch(
      /worker\)\s+need apps\/api\/dist\/worker\.js[^\n]*\n\s+exec node apps\/api\/dist\/worker\.js/,
    );
    expect(entry).toMatch(/migrate\)[\s\S]*?prisma migrate deploy/);
  });
});
