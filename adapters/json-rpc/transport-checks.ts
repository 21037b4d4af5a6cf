import type { Refusal } from './refusal.ts';
import type { TransportRequest } from './transport-request.ts';

/**
 * 405 with Allow for an HTTP method the endpoint does not serve; `message` says what it does serve.
 * Does NOT cover the methods' own handling (GET of a card, POST of JSON-RPC).
 */
export function refuseMethod(
  request: TransportRequest,
  allowed: readonly string[],
  message: string,
): Refusal | undefined {
  if (allowed.includes(request.method)) return undefined;
  return { id: null, code: 'METHOD_NOT_ALLOWED', message, headers: { Allow: allowed.join(', ') } };
}

/**
 * 415 unless the Content-Type's essence (parameters such as charset allowed) is one `accepts` takes;
 * `what` names what the protocol sends ("JSON-RPC requests", "JSON-RPC messages"). Does NOT look at
 * the body.
 */
export function refuseContentType(
  request: TransportRequest,
  accepts: (essence: string) => boolean,
  what: string,
): Refusal | undefined {
  const header = request.header('content-type');
  const essence = header?.split(';')[0]!.trim().toLowerCase();
  if (essence !== undefined && accepts(essence)) return undefined;
  const got = header ? JSON.stringify(header.slice(0, 200)) : 'no Content-Type';
  return { id: null, code: 'UNSUPPORTED_MEDIA_TYPE', message: `${what} must be sent as application/json; got ${got}.` };
}
