import { rpcError, type McpReply, type RequestId } from './json-rpc.ts';
import { claimsModernEra, SUPPORTED_PROTOCOL_VERSIONS } from './protocol-version.ts';

/** 2026-07-28 UnsupportedProtocolVersionError: a code of the range that revision reserves for itself. */
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/**
 * HTTP 400 for a revision this server does not speak, in the words of the era the request claims:
 * a 2026-07-28-shaped version (a date from that day on) gets that revision's
 * UnsupportedProtocolVersionError (-32022, `data.supported` and `data.requested`), which a 2.x client
 * reads to retry with a revision in the list; anything else (2024-11-05, a malformed value) gets the
 * initialize era's -32600, as it always has. Both carry the catalogue's ErrorMessage and the list.
 */
export function unsupportedVersionReply(id: RequestId | null, requested: string, modern?: boolean): McpReply {
  const shown = JSON.stringify(requested.slice(0, 100));
  return rpcError(
    id,
    'MCP_PROTOCOL_VERSION_UNSUPPORTED',
    `Unsupported MCP protocol version ${shown}; this server supports ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}.`,
    {
      extra: { supported: [...SUPPORTED_PROTOCOL_VERSIONS], requested: requested.slice(0, 100) },
      ...((modern ?? claimsModernEra(requested)) ? { jsonRpc: UNSUPPORTED_PROTOCOL_VERSION } : {}),
    },
  );
}
