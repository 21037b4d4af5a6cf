import { exchangeError, isObject, type A2aReply, type RequestId } from './json-rpc.ts';

/** One JSON-RPC request the endpoint can act on. */
export interface A2aRequest {
  id: RequestId;
  method: string;
  params: Record<string, unknown>;
}

/** The request, and the body's JSON value as parsed (what an Idempotency-Key fingerprint is computed from). */
type Parsed = { request: A2aRequest; json: Record<string, unknown> } | { reply: A2aReply };

function isRequestId(value: unknown): value is RequestId {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value));
}

function invalid(id: RequestId, message: string): Parsed {
  return { reply: exchangeError(id, 'A2A_INVALID_REQUEST', message) };
}

/**
 * Reads one JSON-RPC 2.0 request from a POST body. Not JSON: -32700; not a request object (a
 * batch, another value, `jsonrpc` other than "2.0", no `method` or one that is not a non-empty
 * string, no `id` or one that is not a string, an integer or null, `params` that is not an object):
 * -32600. Both answer HTTP 400 with the dual ErrorMessage and JSON-RPC body, echoing the id when
 * it could be read. A notification (no `id`) is refused too: every A2A method answers something.
 */
export function parseEnvelope(text: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      reply: exchangeError(
        null,
        'MALFORMED_JSON',
        `Parse error: the request body is not valid JSON (${(error as Error).message}).`,
      ),
    };
  }
  if (Array.isArray(value)) return invalid(null, 'JSON-RPC batches are not supported: send one request per POST.');
  if (!isObject(value)) return invalid(null, 'The request body must be a JSON-RPC 2.0 request object.');
  const id = isRequestId(value.id) ? value.id : null;
  if (value.jsonrpc !== '2.0') return invalid(id, 'The request must carry "jsonrpc": "2.0".');
  if (typeof value.method !== 'string' || value.method.length === 0)
    return invalid(id, '"method" must be a non-empty string.');
  if (!('id' in value))
    return invalid(null, 'The request has no "id": notifications are not supported; every A2A method answers.');
  if (!isRequestId(value.id)) return invalid(null, '"id" must be a string, an integer or null.');
  if ('params' in value && !isObject(value.params)) return invalid(id, '"params" must be an object when present.');
  const params = (value.params as Record<string, unknown> | undefined) ?? {};
  return { request: { id, method: value.method, params }, json: value };
}
