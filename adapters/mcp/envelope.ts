import { parseEnvelope as parseJsonRpc, type EnvelopeDialect } from '../json-rpc/envelope.ts';
import { refusalReply, type McpReply, type RequestId } from './json-rpc.ts';

/** A JSON-RPC message the endpoint can act on. */
type McpMessage =
  | { kind: 'request'; id: RequestId; method: string; params: Record<string, unknown> }
  /** Notifications, and responses to server requests (this server sends none): both answered 202. */
  | { kind: 'accepted' };

type Parsed = { message: McpMessage } | { reply: McpReply };

/** MCP's reading of JSON-RPC: ids are strings or numbers (never null); notifications and responses are accepted. */
const MCP_DIALECT: EnvelopeDialect<RequestId> = {
  invalidRequest: 'MCP_INVALID_REQUEST',
  isRequestId: (value): value is RequestId =>
    typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)),
  notifications: {
    accepted: true,
    noMethod: 'The message has no "method": it is neither a request nor a notification.',
  },
  say: {
    // MCP 2025-06-18 removed batching.
    batch: 'JSON-RPC batches are not supported: send one message per request.',
    notObject: 'The request body must be a JSON-RPC 2.0 message object.',
    version: 'The message must carry "jsonrpc": "2.0".',
    badId: '"id" must be a string or a number.',
  },
};

/**
 * Reads one JSON-RPC 2.0 message from a POST body (adapters/json-rpc/envelope.ts in MCP's dialect):
 * a request (`id` and `method`), a notification (`method`, no `id`) or a response (`id` with
 * `result` or `error`); a refusal answers HTTP 400.
 */
export function parseEnvelope(text: string): Parsed {
  const envelope = parseJsonRpc(text, MCP_DIALECT);
  if (envelope.kind === 'refused') return { reply: refusalReply(envelope.refusal) };
  if (envelope.kind === 'accepted') return { message: envelope };
  const { id, method, params } = envelope;
  return { message: { kind: 'request', id, method, params } };
}
