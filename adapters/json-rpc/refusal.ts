import type { ErrorCode } from '../../core/errors/index.ts';

/**
 * A request refused before any method runs (transport checks, the body, the envelope), in neutral
 * terms: each protocol writes it in its own error shape (MCP's JSON-RPC error, A2A's dual
 * ErrorMessage and JSON-RPC body).
 */
export interface Refusal<Id = never> {
  /** The request's id when it could be read, else null. */
  id: Id | null;
  code: ErrorCode;
  message: string;
  headers?: Record<string, string>;
}
