import { z } from 'zod';

/*
 * Evaluated before any schema of the contract is built (index.ts imports it first).
 * In a browser, zod validates without compiling checks through `new Function`: the
 * SPA runs under a Content-Security-Policy without 'unsafe-eval' (decision 0043),
 * where zod's probe for eval, made as each object schema is built, is refused and
 * reported as a violation. The API keeps the faster compiled checks.
 */
if ('document' in globalThis) z.config({ jitless: true });
