import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const REDOCLY = path.join(ROOT, 'node_modules/.bin/redocly');

interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
}

/** Redocly CLI's lint of a document, as a new user runs it (`redocly lint`), in JSON. */
async function lint(file: string, config: string): Promise<LintProblem[]> {
  const result = await run(REDOCLY, ['lint', file, `--config=${config}`, '--format=json'], {
    cwd: ROOT,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    maxBuffer: 16 * 1024 * 1024,
  }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
  return (JSON.parse(result.stdout) as { problems: LintProblem[] }).problems;
}

type Operation = {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};

describe('the OpenAPI document (GET /openapi.json)', () => {
  let t: TestApp;
  let dir: string;
  let file: string;
  let doc: {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    dir = await mkdtemp(path.join(tmpdir(), 'taquilla-openapi-'));
    file = path.join(dir, 'openapi.json');
    await writeFile(file, res.body);
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('passes Redocly’s recommended lint with the project’s config: no error, no warning', async () => {
    const problems = await lint(file, path.join(ROOT, 'redocly.yaml'));
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`)).toEqual([]);
  });

  it('the rules the config turns off hide exactly the problems it names, nothing else', async () => {
    const bare = path.join(dir, 'bare.yaml');
    await writeFile(bare, 'telemetry: off\nextends:\n  - recommended\n');
    const problems = (await lint(file, bare)).map((p) => `${p.ruleId}: ${p.message}`).sort();
    expect(problems).toEqual([
      'info-license: Info object should contain `license` field.',
      'no-ambiguous-paths: Paths should resolve unambiguously. Found two ambiguous paths: `/shows/showChannels/{id}` and `/shows/{id}/map`.',
      'no-ambiguous-paths: Paths should resolve unambiguously. Found two ambiguous paths: `/shows/showChannels/{id}` and `/shows/{id}/playback`.',
      'no-ambiguous-paths: Paths should resolve unambiguously. Found two ambiguous paths: `/shows/showChannels/{id}` and `/shows/{id}/tickets`.',
    ]);
  });

  it('names every operation once and says how each is authenticated', () => {
    const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops));
    const ids = operations.map((op) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'bearerAuth',
      'sessionCookie',
    ]);
    expect(doc.paths['/shows']?.get?.security).toEqual([]);
    expect(doc.paths['/admin/shows']?.get?.security).toEqual([
      { sessionCookie: [] },
      { bearerAuth: [] },
    ]);
  });

  it('documents each route’s {error, message} answers from the contract’s error table', () => {
    const getShow = doc.paths['/shows/{id}']?.get;
    expect(getShow?.operationId).toBe('getShow');
    expect(Object.keys(getShow?.responses ?? {}).sort()).toEqual(['200', '400', '404', '500']);
    const notFound = doc.paths['/admin/shows/{id}/tickets/{ticketId}']?.patch?.responses['404'];
    expect(JSON.stringify(notFound)).toContain('TICKET_NOT_FOUND');
    expect(JSON.stringify(notFound)).toContain('SHOW_NOT_FOUND');
    expect(notFound?.content?.['application/json']?.schema?.$ref).toBe(
      '#/components/schemas/ErrorResponse',
    );
    const login = doc.paths['/auth/login']?.post?.responses ?? {};
    expect(Object.keys(login)).toEqual(
      expect.arrayContaining(['401', '409', '413', '415', '422', '429']),
    );
  });

  it('names its reusable schemas instead of inlining every one', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['ErrorResponse', 'Show', 'Ticket', 'VenueMap', 'AdminTicket']),
    );
    expect(JSON.stringify(doc.paths['/shows/{id}']?.get?.responses['200'])).toContain(
      '#/components/schemas/Show',
    );
  });
});
