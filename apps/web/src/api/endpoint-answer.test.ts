import * as contract from '@taquilla/contract';
import type { EndpointDefinition } from '@taquilla/contract';
import * as plain from '@taquilla/contract/plain';
import type { EndpointRoute } from '@taquilla/contract/plain';
import { describe, expect, it } from 'vitest';
import { buildShow } from '../test/show-factory';
import { isEndpointAnswer } from './endpoint-answer';

type SchemaNode = { _zod: { def: Record<string, unknown> & { type: string } } };

const isTable = (value: unknown): value is Record<string, EndpointDefinition | EndpointRoute> =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).length > 0 &&
  Object.values(value).every((entry) => typeof entry?.operationId === 'string');

const endpointsOf = (module: object) =>
  Object.values(module)
    .filter(isTable)
    .flatMap((table) => Object.values(table));

/** Schema kinds whose output is not what went in: an answer read as sent would differ. */
const RESHAPING = new Set(['transform', 'pipe', 'catch', 'prefault']);

/** Every node of a schema, with where it sits (`items[].settings.currency`). */
type Node = { where: string; type: string };

function* nodesOf(
  schema: SchemaNode,
  where: string,
  seen = new Set<SchemaNode>(),
): Generator<Node, void, undefined> {
  if (seen.has(schema)) return;
  seen.add(schema);
  yield { where, type: schema._zod.def.type };
  const def = schema._zod.def as Record<string, unknown>;
  const child = (value: unknown, at: string): Generator<Node, void, undefined> =>
    nodesOf(value as SchemaNode, at, seen);
  if (def.shape) {
    for (const [key, value] of Object.entries(def.shape as object))
      yield* child(value, `${where}.${key}`);
  }
  if (def.element) yield* child(def.element, `${where}[]`);
  if (def.innerType) yield* child(def.innerType, where);
  if (Array.isArray(def.options)) for (const option of def.options) yield* child(option, where);
  if (def.left) yield* child(def.left, where);
  if (def.right) yield* child(def.right, where);
  if (def.valueType) yield* child(def.valueType, `${where}{}`);
  if (def.in) yield* child(def.in, where);
  if (def.out) yield* child(def.out, where);
  if (typeof def.getter === 'function') yield* child(def.getter(), where);
}

describe("the browser reads the gateway's answers as sent (decision 0070)", () => {
  it('finds every route of @taquilla/contract/plain in the endpoint tables, same method and path', () => {
    const byOperationId = new Map(endpointsOf(contract).map((e) => [e.operationId, e]));
    const routes = endpointsOf(plain);

    expect(routes.length).toBe(byOperationId.size);
    for (const route of routes) {
      const endpoint = byOperationId.get(route.operationId);
      expect(endpoint, route.operationId).toBeDefined();
      expect({ method: endpoint?.method, path: endpoint?.path }).toEqual({
        method: route.method,
        path: route.path,
      });
    }
  });

  it('has no response schema whose output differs in shape from the JSON the gateway sends', () => {
    const reshaping: string[] = [];
    for (const endpoint of endpointsOf(contract) as EndpointDefinition[]) {
      const answers = { [endpoint.status]: endpoint.response, ...endpoint.otherResponses };
      for (const [status, schema] of Object.entries(answers)) {
        for (const node of nodesOf(schema as unknown as SchemaNode, '')) {
          if (RESHAPING.has(node.type)) {
            reshaping.push(`${endpoint.operationId} ${status}${node.where}: ${node.type}`);
          }
        }
      }
    }

    expect(reshaping).toEqual([]);
  });

  it('tells an answer with the fields the contract defaults from one without them', () => {
    // The gateway's serializer encodes through the schema, which needs those fields; parsing
    // would have filled them in, so a stub without them would pass where the wire never is.
    const show = buildShow();

    expect(isEndpointAnswer(plain.endpoints.getShow, show)).toBe(true);
    expect(isEndpointAnswer(plain.endpoints.getShow, { ...show, settings: {} })).toBe(false);
  });
});
