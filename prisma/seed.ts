// Demo data: `pnpm db:seed` (after `pnpm db:migrate`). Idempotent; the logic
// lives in apps/api/src/seed so the API's tests can seed a database too.
import { existsSync } from 'node:fs';
import { createDb } from '../apps/api/src/infra/db.ts';
import { DEMO_PRODUCER, DEMO_VIEWER, seedDatabase } from '../apps/api/src/seed/index.ts';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Falta la variable de entorno ${name} (ver .env.example)`);
  return value;
}

async function main(): Promise<void> {
  const names = ['DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'];
  if (names.some((name) => !process.env[name]) && existsSync('.env')) {
    process.loadEnvFile('.env');
  }
  const db = createDb(required('DATABASE_URL'), 2);
  try {
    const started = performance.now();
    const summary = await seedDatabase(db, {
      adminEmail: required('ADMIN_EMAIL'),
      adminPassword: required('ADMIN_PASSWORD'),
      now: new Date(),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Datos de demostración listos en ${seconds} s:`);
    console.log(
      `  ${summary.producers} productores, ${summary.shows} eventos, ${summary.tickets} boletos, ` +
        `${summary.seats} butacas, ${summary.promoCodes} códigos promocionales, ` +
        `${summary.orders} órdenes, ${summary.users} usuarios`,
    );
    console.log(`  Cartelera: ${summary.billboardShow.fullname} (${summary.billboardShow._id})`);
    console.log(`  Espectador: ${DEMO_VIEWER.email} / ${DEMO_VIEWER.password}`);
    console.log(`  Productor:  ${DEMO_PRODUCER.email} / ${DEMO_PRODUCER.password}`);
  } finally {
    await db.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error('No se pudieron cargar los datos de demostración:');
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
