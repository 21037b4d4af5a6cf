import { errorCatalogue, errorMessage, type ErrorCode, type ErrorMessage } from '../../core/errors/index.ts';
import {
  errorResponse,
  jsonRpcCodeOf,
  resultResponse,
  type JsonRpcErrorResponse,
  type JsonRpcResultResponse,
} from '../json-rpc/message.ts';
import type { Refusal } from '../json-rpc/refusal.ts';

export { isObject } from '../json-rpc/message.ts';

/** A JSON-RPC request id: a string or a number (MCP forbids null for requests). */
export type RequestId = string | number;

/** MCP's error data: the catalogue's ErrorMessage plus what a revision adds (the supported versions, a challenge). */
type JsonRpcError = JsonRpcErrorResponse<RequestId, ErrorMessage & Record<string, unknown>>;
type JsonRpcResult = JsonRpcResultResponse<RequestId, Record<string, unknown>>;

/**
 * What the endpoint answers: an HTTP status, extra headers, and a JSON-RPC message (none for 202).
 * Every error, also the HTTP-level ones (401, 403, 406, ...), carries a JSON-RPC error object whose
 * `data` is the catalogue's ErrorMessage, so a client reads the same shape whatever failed.
 */
export interface McpReply {
  status: number;
  headers?: Record<string, string>;
  body?: JsonRpcError | JsonRpcResult;
}

export function rpcResult(id: RequestId, result: Record<string, unknown>): McpReply {
  return { status: 200, body: resultResponse(id, result) };
}

/**
 * A JSON-RPC error from a catalogue code: the JSON-RPC code is the catalogue's, `data` the ErrorMessage
 * plus any extra fields. `status` is the HTTP status to answer with: errors about the HTTP exchange use
 * the catalogue's; errors inside a well-formed exchange (unknown method, bad params) are answered with
 * 200, because MCP clients only read JSON-RPC errors from successful HTTP responses.
 */
export function rpcError(
  id: RequestId | null,
  code: ErrorCode,
  message: string,
  options: {
    status?: number;
    headers?: Record<string, string>;
    details?: ErrorMessage['details'];
    extra?: Record<string, unknown>;
    /** The JSON-RPC code when the revision spoken fixes another one than the catalogue's (2026-07-28: -32022). */
    jsonRpc?: number;
  } = {},
): McpReply {
  const data = { ...errorMessage(code, message, options.details), ...options.extra };
  const jsonRpc = options.jsonRpc ?? errorCatalogue[code].jsonRpc;
  return {
    status: options.status ?? errorCatalogue[code].status,
    headers: options.headers,
    body: errorResponse(id, jsonRpc, message, data),
  };
}

/** The same, from an ErrorMessage already built (classified errors). */
export function rpcErrorFromMessage(
  id: RequestId | null,
  body: ErrorMessage,
  status: number,
  headers?: Record<string, string>,
): McpReply {
  return { status, headers, body: errorResponse(id, jsonRpcCodeOf(body.code), body.message, body) };
}

/** An error from a refusal of the shared JSON-RPC layer (transport checks, the body, the envelope). */
export function refusalReply(refusal: Refusal<RequestId>): McpReply {
  return rpcError(refusal.id, refusal.code, refusal.message, { headers: refusal.headers });
}
