import * as contract from '@taquilla/contract';
import type { EndpointDefinition } from '@taquilla/contract';
import type { EndpointRoute } from '@taquilla/contract/plain';

/*
 * Development and tests only (the client imports this behind `import.meta.env.DEV`,
 * decision 0070): the endpoint behind a route, found by its operationId among every
 * table of the contract, and whether an answer is what its response schema outputs.
 */

function isEndpointTable(value: unknown): value is Record<string, EndpointDefinition> {
  if (typeof value !== 'object' || value === null) return false;
  const entries = Object.values(value);
  return (
    entries.length > 0 &&
    entries.every((entry) => typeof entry?.operationId === 'string' && 'response' in entry)
  );
}

const byOperationId = new Map<string, EndpointDefinition>(
  Object.values(contract)
    .filter(isEndpointTable)
    .flatMap((table) => Object.values(table))
    .map((endpoint) => [endpoint.operationId as string, endpoint]),
);

/**
 * Encoding checks the answer as an output of the schema (what the gateway's serializer
 * checks before sending): a field with a default must be there, unlike when parsing.
 */
export function isEndpointAnswer(route: EndpointRoute, answer: unknown): boolean {
  const endpoint = byOperationId.get(route.operationId);
  if (!endpoint) throw new Error(`Ruta sin endpoint en el contrato: ${route.operationId}`);
  return endpoint.response.safeEncode(answer as never).success;
}
