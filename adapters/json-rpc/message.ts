import { errorCatalogue, type ErrorCode } from '../../core/errors/index.ts';

/** A JSON object (what JSON-RPC calls an Object): not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON-RPC's "Internal error": the code of a failure the catalogue does not name. */
export const INTERNAL_ERROR = -32603;

/** A JSON-RPC error response; `data` is the catalogue's ErrorMessage in every protocol served here. */
export interface JsonRpcErrorResponse<Id, Data> {
  jsonrpc: '2.0';
  /** null when the request's id is unknown (the body was not read, or was not a request). */
  id: Id | null;
  error: { code: number; message: string; data: Data };
}

export interface JsonRpcResultResponse<Id, Result> {
  jsonrpc: '2.0';
  id: Id;
  result: Result;
}

/**
 * The error mapping of every JSON-RPC endpoint: a catalogue code's JSON-RPC code, and `fallback`
 * for a code the catalogue does not hold (an ErrorMessage built elsewhere).
 */
export function jsonRpcCodeOf(code: string, fallback: number = INTERNAL_ERROR): number {
  return errorCatalogue[code as ErrorCode]?.jsonRpc ?? fallback;
}

export function resultResponse<Id, Result>(id: Id, result: Result): JsonRpcResultResponse<Id, Result> {
  return { jsonrpc: '2.0', id, result };
}

export function errorResponse<Id, Data>(
  id: Id | null,
  code: number,
  message: string,
  data: Data,
): JsonRpcErrorResponse<Id, Data> {
  return { jsonrpc: '2.0', id, error: { code, message, data } };
}
