import path from 'node:path';
import { defineConfig } from 'prisma/config';
import { existsSync } from 'node:fs';
import { PrismaPg } from '@prisma/adapter-pg';
import { pgConnectionFields } from './apps/api/src/infra/pg-url.ts';

// With a config file Prisma no longer reads .env itself.
if (existsSync('.env')) process.loadEnvFile('.env');
// Same default as apps/api/src/config.ts; `prisma generate` needs a URL even
// though it never connects.
process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/taquilla';

// Migrations run through Prisma's bundled WebAssembly schema engine and the
// pg driver adapter, so no native engine is downloaded (docs/decisions/0002).
export default defineConfig({
  experimental: { adapter: true },
  schema: path.join('prisma', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'migrations') },
  engine: 'js',
  async adapter() {
    return new PrismaPg(pgConnectionFields(process.env.DATABASE_URL as string));
  },
});
