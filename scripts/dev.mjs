// `pnpm dev`: the API with reload (tsx watch) on PORT and Vite on :5173,
// proxying API paths to it. Expects `npm start` to have prepared .env, the
// services and the database once.
import { spawn } from 'node:child_process';
import { ROOT, loadEnv } from './lib/steps.mjs';

await loadEnv();
const env = { ...process.env, NODE_ENV: 'development' };
const children = [
  spawn('pnpm', ['--filter', '@taquilla/api', 'exec', 'tsx', 'watch', 'src/server.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env,
  }),
  spawn('pnpm', ['--filter', '@taquilla/api', 'exec', 'tsx', 'watch', 'src/worker.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env,
  }),
  spawn('pnpm', ['--filter', '@taquilla/web', 'exec', 'vite'], {
    cwd: ROOT,
    stdio: 'inherit',
    env,
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
