import { errorMessage, type ErrorCode, type ErrorMessage } from '../../core/errors/index.ts';
import { errorResponse, INTERNAL_ERROR, jsonRpcCodeOf, resultResponse } from '../json-rpc/message.ts';
import type { Refusal } from '../json-rpc/refusal.ts';
import type { JsonRpcAnswer } from '../json-rpc/send-answer.ts';

/** A JSON-RPC 2.0 request id: a string, a number or null (A2A allows each). */
export type RequestId = string | number | null;

/** JSON-RPC's "Invalid Request": the code of an exchange error the catalogue does not name. */
const INVALID_REQUEST = -32600;

/**
 * What the endpoint answers: an HTTP status, extra headers and the body, already serialized. The
 * body is text so that the one `execute` function of a POST (adapters/a2a/endpoint.ts) produces
 * exactly what an Idempotency-Key store keeps and replays byte for byte.
 */
export interface A2aReply extends JsonRpcAnswer {
  headers: Record<string, string>;
  body: string;
}

/** A JSON-RPC answer: the result of the method. */
export function rpcResult(id: RequestId, result: unknown, headers: Record<string, string> = {}): A2aReply {
  return { status: 200, headers, body: JSON.stringify(resultResponse(id, result)) };
}

/**
 * A JSON-RPC error from an ErrorMessage already built, with the HTTP status to answer, and `data` as
 * the version writes it (the ErrorMessage itself unless told otherwise). Used for
 * failures of the server (5xx: -32603 with the masked message that quotes the request id), whose
 * HTTP status must stay a 5xx so that nothing (a cache, an Idempotency-Key store) keeps them.
 */
export function rpcErrorFromMessage(
  id: RequestId,
  body: ErrorMessage,
  status: number,
  headers: Record<string, string> = {},
  jsonRpcCode?: number,
  data: unknown = body,
): A2aReply {
  const code = jsonRpcCode ?? jsonRpcCodeOf(body.code, INTERNAL_ERROR);
  return {
    status,
    headers,
    body: JSON.stringify(errorResponse(id, code, body.message, data)),
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

/** The same, from a refusal of the shared JSON-RPC layer (transport checks, the body, the envelope). */
export function refusalReply(refusal: Refusal<RequestId>): A2aReply {
  return exchangeError(refusal.id, refusal.code, refusal.message, refusal.headers);
}

/** The same, from an ErrorMessage already built (the Idempotency-Key refusals). */
export function exchangeErrorFromMessage(
  id: RequestId,
  message: ErrorMessage,
  headers: Record<string, string> = {},
): A2aReply {
  const jsonRpc = jsonRpcCodeOf(message.code, INVALID_REQUEST);
  const body = { ...message, jsonrpc: '2.0', id, error: { code: jsonRpc, message: message.message } };
  return { status: message.status, headers, body: JSON.stringify(body), errorCode: message.code };
}
