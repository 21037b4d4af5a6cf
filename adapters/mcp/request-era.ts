import type { TransportRequest } from '../json-rpc/transport-request.ts';
import { isObject, rpcError, type McpReply, type RequestId } from './json-rpc.ts';
import { mirroredHeaderMismatch, PROTOCOL_VERSION_META_KEY } from './mirrored-headers.ts';
import { claimsModernEra, isLegacyProtocolVersion, MODERN_PROTOCOL_VERSION } from './protocol-version.ts';
import { unsupportedVersionReply } from './unsupported-version.ts';

/** How a request is served: the initialize era (as before 2026-07-28) or the stateless revision. */
export type RequestEra = { era: 'legacy' } | { era: 'modern'; version: string } | { reply: McpReply };

const CLIENT_CAPABILITIES_META_KEY = 'io.modelcontextprotocol/clientCapabilities';

/** 2026-07-28 `_meta`: a request missing a required field is malformed, -32602 with HTTP 400. */
function malformedMeta(id: RequestId, message: string): RequestEra {
  return { reply: rpcError(id, 'MCP_INVALID_PARAMS', message, { status: 400 }) };
}

/** HeaderMismatch (-32020): HTTP 400, as the 2026-07-28 transport requires. */
function headerMismatch(id: RequestId, sentence: string): RequestEra {
  return { reply: rpcError(id, 'MCP_HEADER_MISMATCH', `Header mismatch: ${sentence}`, { status: 400 }) };
}

/**
 * Chooses the era of one JSON-RPC request from the revision it names: in the body's
 * `_meta["io.modelcontextprotocol/protocolVersion"]` (2026-07-28 requests always carry it) or in
 * `MCP-Protocol-Version` (already known to be supported or absent, transport-checks.ts).
 *
 * - Neither names 2026-07-28 or later and the body has no version: the initialize era, served
 *   exactly as before.
 * - Otherwise the request must be a well-formed 2026-07-28 request: a string version in `_meta`
 *   that this server speaks (else -32022 with the supported list), `clientCapabilities` in `_meta`
 *   (else -32602, HTTP 400), and the mirrored headers equal to the body (else HeaderMismatch
 *   -32020, HTTP 400). A body version of the initialize era with a matching header is served as
 *   that era (the `_meta` adds nothing it uses); a different header is a mismatch.
 *
 * Stateless: nothing here depends on an earlier request.
 */
export function resolveRequestEra(
  request: TransportRequest,
  id: RequestId,
  method: string,
  params: Record<string, unknown>,
): RequestEra {
  const meta = isObject(params._meta) ? params._meta : undefined;
  const bodyVersion = meta?.[PROTOCOL_VERSION_META_KEY];
  const headerVersion = request.header('mcp-protocol-version');
  if (bodyVersion === undefined && (headerVersion === undefined || !claimsModernEra(headerVersion)))
    return { era: 'legacy' };

  if (typeof bodyVersion !== 'string')
    return malformedMeta(
      id,
      `A ${headerVersion ?? MODERN_PROTOCOL_VERSION} request carries its revision in params._meta["${PROTOCOL_VERSION_META_KEY}"] (a string, equal to the MCP-Protocol-Version header).`,
    );
  if (!claimsModernEra(bodyVersion)) {
    if (!isLegacyProtocolVersion(bodyVersion)) return { reply: unsupportedVersionReply(id, bodyVersion, false) };
    if (headerVersion !== undefined && headerVersion !== bodyVersion)
      return headerMismatch(
        id,
        `the MCP-Protocol-Version header (${headerVersion}) does not match the body's value (${bodyVersion}).`,
      );
    return { era: 'legacy' };
  }
  if (bodyVersion !== MODERN_PROTOCOL_VERSION) return { reply: unsupportedVersionReply(id, bodyVersion, true) };

  const mismatch = mirroredHeaderMismatch(request, { version: bodyVersion, method, name: params.name });
  if (mismatch) return headerMismatch(id, mismatch);
  if (!isObject(meta![CLIENT_CAPABILITIES_META_KEY]))
    return malformedMeta(
      id,
      `A ${MODERN_PROTOCOL_VERSION} request declares the client's capabilities in params._meta["${CLIENT_CAPABILITIES_META_KEY}"] (an object, {} for none).`,
    );
  return { era: 'modern', version: bodyVersion };
}
