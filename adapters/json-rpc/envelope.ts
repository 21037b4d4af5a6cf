import type { ErrorCode } from '../../core/errors/index.ts';
import { isObject } from './message.ts';
import type { Refusal } from './refusal.ts';

/** What one POST body holds: a request to answer, a message answered with nothing, or a refusal. */
export type Envelope<Id> =
  | {
      kind: 'request';
      id: Id;
      method: string;
      params: Record<string, unknown>;
      /** The body's JSON value as parsed (what an Idempotency-Key fingerprint is computed from). */
      json: Record<string, unknown>;
    }
  /** A notification, or a response to a server request: accepted with nothing to answer. */
  | { kind: 'accepted' }
  | { kind: 'refused'; refusal: Refusal<Id> };

/** How a protocol reads the envelope where JSON-RPC leaves it a choice, and its words for a refusal. */
export interface EnvelopeDialect<Id> {
  /** The catalogue code of a body that is JSON but not a message this protocol takes. */
  invalidRequest: ErrorCode;
  /** Which ids the protocol allows for a request. */
  isRequestId(value: unknown): value is Id;
  /**
   * Whether a body without an `id` (a notification) or without a `method` (a response) is accepted
   * with nothing to answer, or refused because every message must be a request that answers; the
   * words of the refusal that choice adds. A refused notification is refused before its params or
   * its id are looked at further.
   */
  notifications: { accepted: true; noMethod: string } | { accepted: false; noId: string };
  say: { batch: string; notObject: string; version: string; badId: string };
}

function refused<Id>(id: Id | null, code: ErrorCode, message: string): Envelope<Id> {
  return { kind: 'refused', refusal: { id, code, message } };
}

/**
 * Reads one JSON-RPC 2.0 message from a POST body. Not JSON: -32700 (MALFORMED_JSON); not a message
 * the protocol takes (a batch, another value, `jsonrpc` other than "2.0", a `method` that is not a
 * non-empty string, an id the protocol does not allow, `params` that is not an object): its invalid
 * request code, echoing the id when it could be read. Batches are refused as a whole rather than
 * partly executed.
 */
export function parseEnvelope<Id>(text: string, dialect: EnvelopeDialect<Id>): Envelope<Id> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = (error as Error).message;
    return refused<Id>(null, 'MALFORMED_JSON', `Parse error: the request body is not valid JSON (${reason}).`);
  }
  const invalid = (id: Id | null, message: string) => refused(id, dialect.invalidRequest, message);
  const { say, notifications } = dialect;
  if (Array.isArray(value)) return invalid(null, say.batch);
  if (!isObject(value)) return invalid(null, say.notObject);
  const id = dialect.isRequestId(value.id) ? value.id : null;
  if (value.jsonrpc !== '2.0') return invalid(id, say.version);
  if (notifications.accepted && !('method' in value)) {
    const isResponse = 'id' in value && ('result' in value || 'error' in value);
    return isResponse ? { kind: 'accepted' } : invalid(id, notifications.noMethod);
  }
  if (typeof value.method !== 'string' || value.method.length === 0)
    return invalid(id, '"method" must be a non-empty string.');
  if (!notifications.accepted) {
    if (!('id' in value)) return invalid(null, notifications.noId);
    if (!dialect.isRequestId(value.id)) return invalid(null, say.badId);
  }
  if ('params' in value && !isObject(value.params)) return invalid(id, '"params" must be an object when present.');
  if (!('id' in value)) return { kind: 'accepted' };
  if (!dialect.isRequestId(value.id)) return invalid(null, say.badId);
  const params = (value.params as Record<string, unknown> | undefined) ?? {};
  return { kind: 'request', id: value.id, method: value.method, params, json: value };
}
