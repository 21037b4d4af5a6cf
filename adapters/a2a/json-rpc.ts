import { errorCatalogue, errorMessage, type ErrorCode, type ErrorMessage } from '../../core/errors/index.ts';

/** A JSON object (what JSON-RPC calls an Object): not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON-RPC 2.0 request id: a string, a number or null (A2A allows each). */
export type RequestId = string | number | null;

/**
 * What the endpoint answers: an HTTP status, extra headers and the body, already serialized. The
 * body is text so that the one `execute` function of a POST (adapters/a2a/endpoint.ts) produces
 * exactly what an Idempotency-Key store keeps and replays byte for byte.
 */
export interface A2aReply {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The catalogue code of an error reply, for the metrics (the body is text already). */
  errorCode?: string;
}

/** A JSON-RPC answer: the result of the method. */
export function rpcResult(id: RequestId, result: unknown, headers: Record<string, string> = {}): A2aReply {
  return { status: 200, headers, body: JSON.stringify({ jsonrpc: '2.0', id, result }) };
}

/**
 * A JSON-RPC error from an ErrorMessage already built, with the HTTP status to answer. Used for
 * failures of the server (5xx: -32603 with the masked message that quotes the request id), whose
 * HTTP status must stay a 5xx so that nothing (a cache, an Idempotency-Key store) keeps them.
 */
export function rpcErrorFromMessage(
  id: RequestId,
  body: ErrorMessage,
  status: number,
  headers: Record<string, string> = {},
  jsonRpcCode?: number,
): A2aReply {
  const code = jsonRpcCode ?? errorCatalogue[body.code as ErrorCode]?.jsonRpc ?? -32603;
  return {
    status,
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id, error: { code, message: body.message, data: body } }),
    errorCode: body.code,
  };
}

/**
 * An error about the HTTP exchange itself (not JSON, not a request object, an unsupported
 * A2A-Version, a body too large or not JSON): the catalogue's 4xx status, and a body that is both
 * an ErrorMessage (`code, message, resolution, status`) and a JSON-RPC error response (`jsonrpc,
 * id, error`), so that a REST client and a JSON-RPC client each read it as their own.
 */
export function exchangeError(
  id: RequestId,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
): A2aReply {
  return exchangeErrorFromMessage(id, errorMessage(code, message), headers);
}

/** The same, from an ErrorMessage already built (the Idempotency-Key refusals). */
export function exchangeErrorFromMessage(
  id: RequestId,
  message: ErrorMessage,
  headers: Record<string, string> = {},
): A2aReply {
  const jsonRpc = errorCatalogue[message.code as ErrorCode]?.jsonRpc ?? -32600;
  const body = { ...message, jsonrpc: '2.0', id, error: { code: jsonRpc, message: message.message } };
  return { status: message.status, headers, body: JSON.stringify(body), errorCode: message.code };
}
