import { refuseContentType, refuseMethod } from '../json-rpc/transport-checks.ts';
import { refusalReply, rpcError, type McpReply } from './json-rpc.ts';
import { SUPPORTED_PROTOCOL_VERSIONS } from './protocol-version.ts';
import { unsupportedVersionReply } from './unsupported-version.ts';
import type { TransportRequest } from '../json-rpc/transport-request.ts';

/** GET (the optional server-to-client stream) and DELETE (sessions) are not offered: 405 with Allow, as MCP permits. */
export function checkMethod(request: TransportRequest): McpReply | undefined {
  const refusal = refuseMethod(
    request,
    ['POST'],
    `${request.method} is not allowed on the MCP endpoint; send JSON-RPC messages with POST. This server offers no event stream and no sessions.`,
  );
  return refusal && refusalReply(refusal);
}

/** Which page origins besides the site's own the MCP endpoint accepts. */
export interface OriginPolicy {
  /** MCP_ALLOWED_ORIGINS: exact origins. */
  allowed: readonly string[];
  /** Development (SITE_URL unset): pages served from this machine (localhost, 127.0.0.1, [::1], any port). */
  loopbackPages: boolean;
}

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An http(s) origin on a loopback name, in its serialised form (no path, no credentials). */
function isLoopbackOrigin(origin: string): boolean {
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin && LOOPBACK_HOSTS.has(url.hostname)
  );
}

/**
 * DNS-rebinding protection (MCP Streamable HTTP, security warning): a request that carries an
 * Origin must come from this site itself, from an origin the operator allowed (MCP_ALLOWED_ORIGINS),
 * or, in development, from a page on this machine (a rebinding page keeps its own origin, never a
 * loopback one; the MCP Inspector's direct mode runs on http://localhost:6274). Requests without
 * Origin (every non-browser MCP client) pass. Does NOT cover: authentication (a valid bearer token
 * is still required).
 */
export function checkOrigin(request: TransportRequest, siteUrl: string, policy: OriginPolicy): McpReply | undefined {
  const origin = request.header('origin');
  if (origin === undefined || origin === siteUrl || policy.allowed.includes(origin)) return undefined;
  if (policy.loopbackPages && isLoopbackOrigin(origin)) return undefined;
  return rpcError(
    null,
    'MCP_ORIGIN_NOT_ALLOWED',
    `Requests from the origin ${JSON.stringify(origin.slice(0, 200))} are not allowed on the MCP endpoint.`,
  );
}

interface MediaRange {
  type: string;
  q: number;
}

function mediaRanges(header: string): MediaRange[] {
  return header.split(',').map((part) => {
    const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const qParameter = parameters.find((parameter) => parameter.startsWith('q='));
    const q = qParameter === undefined ? 1 : Number(qParameter.slice(2));
    return { type: range, q: Number.isFinite(q) ? q : 0 };
  });
}

/**
 * Every answer is `application/json` (this server never streams), so the client must accept it:
 * explicitly or through `application/*` or `*\/*`, with a non-zero q. MCP clients list both
 * application/json and text/event-stream; one that lists only application/json is served too.
 * A request without Accept accepts anything (RFC 9110 section 12.5.1).
 */
export function checkAccept(request: TransportRequest): McpReply | undefined {
  const header = request.header('accept');
  if (header === undefined || header.trim() === '') return undefined;
  const acceptsJson = mediaRanges(header).some(
    (range) =>
      range.q > 0 && (range.type === 'application/json' || range.type === 'application/*' || range.type === '*/*'),
  );
  if (acceptsJson) return undefined;
  return rpcError(
    null,
    'NOT_ACCEPTABLE',
    `This endpoint answers application/json; the Accept header (${JSON.stringify(header.slice(0, 200))}) does not allow it. MCP clients send "Accept: application/json, text/event-stream".`,
  );
}

/** JSON-RPC messages are JSON: `Content-Type: application/json` (parameters such as charset allowed). */
export function checkContentType(request: TransportRequest): McpReply | undefined {
  const refusal = refuseContentType(request, (essence) => essence === 'application/json', 'JSON-RPC messages');
  return refusal && refusalReply(refusal);
}

/**
 * MCP-Protocol-Version, when sent, must name a supported revision (400 otherwise, as both eras
 * require), checked before the token and the body are read. Without it the server assumes
 * 2025-03-26, which it supports, so the request proceeds; clients of the initialize era omit it on
 * `initialize`. Whether the body agrees with it (2026-07-28) is checked once the body is read
 * (request-era.ts).
 */
export function checkProtocolVersion(request: TransportRequest): McpReply | undefined {
  const version = request.header('mcp-protocol-version');
  if (version === undefined || SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined;
  return unsupportedVersionReply(null, version);
}
