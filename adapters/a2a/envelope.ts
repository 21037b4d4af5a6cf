import { parseEnvelope as parseJsonRpc, type EnvelopeDialect } from '../json-rpc/envelope.ts';
import { refusalReply, type A2aReply, type RequestId } from './json-rpc.ts';

/** One JSON-RPC request the endpoint can act on. */
export interface A2aRequest {
  id: RequestId;
  method: string;
  params: Record<string, unknown>;
}

/** The request, and the body's JSON value as parsed (what an Idempotency-Key fingerprint is computed from). */
type Parsed = { request: A2aRequest; json: Record<string, unknown> } | { reply: A2aReply };

/**
 * A2A's reading of JSON-RPC: ids are strings, integers or null; a notification (no `id`) is refused,
 * as every A2A method answers; a response to a server request is no message A2A defines.
 */
const A2A_DIALECT: EnvelopeDialect<RequestId> = {
  invalidRequest: 'A2A_INVALID_REQUEST',
  isRequestId: (value): value is RequestId =>
    value === null || typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value)),
  notifications: {
    accepted: false,
    noId: 'The request has no "id": notifications are not supported; every A2A method answers.',
  },
  say: {
    batch: 'JSON-RPC batches are not supported: send one request per POST.',
    notObject: 'The request body must be a JSON-RPC 2.0 request object.',
    version: 'The request must carry "jsonrpc": "2.0".',
    badId: '"id" must be a string, an integer or null.',
  },
};

/**
 * Reads one JSON-RPC 2.0 request from a POST body (adapters/json-rpc/envelope.ts in A2A's dialect);
 * a refusal answers HTTP 400 with the dual ErrorMessage and JSON-RPC body.
 */
export function parseEnvelope(text: string): Parsed {
  const envelope = parseJsonRpc(text, A2A_DIALECT);
  if (envelope.kind === 'refused') return { reply: refusalReply(envelope.refusal) };
  // The dialect accepts nothing without an answer: every envelope that is not refused is a request.
  if (envelope.kind === 'accepted') throw new Error('an A2A envelope was accepted without a request');
  const { id, method, params, json } = envelope;
  return { request: { id, method, params }, json };
}
