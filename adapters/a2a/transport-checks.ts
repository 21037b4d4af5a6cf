import { refuseContentType, refuseMethod } from '../json-rpc/transport-checks.ts';
import type { TransportRequest } from '../json-rpc/transport-request.ts';
import { exchangeError, refusalReply, type A2aReply, type RequestId } from './json-rpc.ts';

/** The A2A protocol versions this endpoint speaks; the request's A2A-Version header picks one. */
export type A2aVersion = '0.3' | '1.0';

const METHODS = ['GET', 'HEAD', 'POST'];

/**
 * The endpoint's URL serves the agent card (GET, HEAD) and JSON-RPC (POST); anything else is 405
 * with Allow. Does NOT cover the card's own caching headers (the endpoint sets them).
 */
export function checkMethod(request: TransportRequest): A2aReply | undefined {
  const message = `${request.method} is not allowed here: GET reads the agent card, POST sends a JSON-RPC request.`;
  const refusal = refuseMethod(request, METHODS, message);
  return refusal && refusalReply(refusal);
}

/**
 * JSON-RPC requests are JSON: `application/json` (what A2A clients send), or a `+json` type such
 * as 1.0's `application/a2a+json`; parameters such as charset allowed. Does NOT look at the body.
 */
export function checkContentType(request: TransportRequest): A2aReply | undefined {
  const json = (essence: string) => essence === 'application/json' || essence.endsWith('+json');
  const refusal = refuseContentType(request, json, 'JSON-RPC requests');
  return refusal && refusalReply(refusal);
}

/**
 * The version a request speaks, from its A2A-Version header: none (what 0.3 clients send), "0.3"
 * or "0.3.0" is 0.3; "1.0" (or "1.0.0") is 1.0. Anything else is -32009 with HTTP 400, echoing the
 * request id (the envelope is read first for it).
 */
export function negotiateVersion(
  request: TransportRequest,
  id: RequestId,
): { version: A2aVersion } | { reply: A2aReply } {
  const header = request.header('a2a-version')?.trim();
  if (header === undefined || header === '' || header === '0.3' || header === '0.3.0') return { version: '0.3' };
  if (header === '1.0' || header === '1.0.0') return { version: '1.0' };
  return {
    reply: exchangeError(
      id,
      'A2A_VERSION_NOT_SUPPORTED',
      `A2A-Version ${JSON.stringify(header.slice(0, 50))} is not supported; this agent speaks 1.0 and 0.3.`,
    ),
  };
}
