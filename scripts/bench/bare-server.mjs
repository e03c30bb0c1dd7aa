// The ceiling of the catalogue benchmark: a bare Fastify route on the same
// machine, answering a small JSON document with no database, cache or schema.
import { createRequire } from 'node:module';

// Fastify is a dependency of the API package; load the same copy it uses.
const require = createRequire(new URL('../../apps/api/package.json', import.meta.url));
const Fastify = require('fastify');

const port = Number(process.env.PORT ?? 3201);
const app = Fastify({ logger: false });
const body = { items: [{ _id: 'bare', fullname: 'Ruta mínima', status: 'ACTIVE' }] };
app.get('/bare', async () => body);

// A second ceiling: the same bytes as a real catalogue answer, set once by the
// benchmark, sent as a ready string (no serialization), like the API's cache hits.
let payload = '{}';
app.put('/payload', { bodyLimit: 10 * 1024 * 1024 }, async (request) => {
  payload = JSON.stringify(request.body);
  return { bytes: Buffer.byteLength(payload) };
});
app.get('/payload', async (_request, reply) => reply.type('application/json').send(payload));
await app.listen({ host: '127.0.0.1', port });
console.log(`bare route on http://127.0.0.1:${port}/bare`);
