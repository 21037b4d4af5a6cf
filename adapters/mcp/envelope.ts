import { isObject, rpcError, type McpReply, type RequestId } from './json-rpc.ts';

/** A JSON-RPC message the endpoint can act on. */
type McpMessage =
  | { kind: 'request'; id: RequestId; method: string; params: Record<string, unknown> }
  /** Notifications, and responses to server requests (this server sends none): both answered 202. */
  | { kind: 'accepted' };

type Parsed = { message: McpMessage } | { reply: McpReply };

function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

function invalid(id: RequestId | null, message: string): Parsed {
  return { reply: rpcError(id, 'MCP_INVALID_REQUEST', message) };
}

/**
 * Reads one JSON-RPC 2.0 message from a POST body: a request (`id` and `method`), a notification
 * (`method`, no `id`) or a response (`id` with `result` or `error`). Anything else is -32700 (not
 * JSON) or -32600 (not a message), answered with HTTP 400. MCP 2025-06-18 removed batching, so an
 * array is refused as a whole rather than partly executed.
 */
export function parseEnvelope(text: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      reply: rpcError(
        null,
        'MALFORMED_JSON',
        `Parse error: the request body is not valid JSON (${(error as Error).message}).`,
      ),
    };
  }
  if (Array.isArray(value)) return invalid(null, 'JSON-RPC batches are not supported: send one message per request.');
  if (!isObject(value)) return invalid(null, 'The request body must be a JSON-RPC 2.0 message object.');
  const id = isRequestId(value.id) ? value.id : null;
  if (value.jsonrpc !== '2.0') return invalid(id, 'The message must carry "jsonrpc": "2.0".');
  if (!('method' in value)) {
    const isResponse = 'id' in value && ('result' in value || 'error' in value);
    return isResponse
      ? { message: { kind: 'accepted' } }
      : invalid(id, 'The message has no "method": it is neither a request nor a notification.');
  }
  if (typeof value.method !== 'string' || value.method.length === 0)
    return invalid(id, '"method" must be a non-empty string.');
  if ('params' in value && !isObject(value.params)) return invalid(id, '"params" must be an object when present.');
  if (!('id' in value)) return { message: { kind: 'accepted' } };
  if (!isRequestId(value.id)) return invalid(null, '"id" must be a string or a number.');
  const params = (value.params as Record<string, unknown> | undefined) ?? {};
  return { message: { kind: 'request', id: value.id, method: value.method, params } };
}
