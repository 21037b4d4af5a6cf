/** The newest revision of the initialize era ("legacy" in the 2026-07-28 text): what initialize negotiates at most. */
const LATEST_LEGACY_PROTOCOL_VERSION = '2025-11-25';

/**
 * The stateless revision ("modern"): no initialize and no session; every request names its revision in
 * `MCP-Protocol-Version` and in `_meta["io.modelcontextprotocol/protocolVersion"]`, and is served alone.
 */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/**
 * Revisions of the initialize era a client may negotiate. The older two differ from 2025-11-25 in
 * nothing this server uses (tools with structured results, JSON answers, no sessions), so their
 * clients are served the same messages; 2024-11-05 spoke another HTTP transport and is not accepted.
 */
const LEGACY_PROTOCOL_VERSIONS: readonly string[] = [LATEST_LEGACY_PROTOCOL_VERSION, '2025-06-18', '2025-03-26'];

/**
 * Every revision the MCP resource serves, newest first: the stateless one, then the initialize era.
 * The discovery index lists the same (test/discovery/index.test.ts compares them).
 */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [MODERN_PROTOCOL_VERSION, ...LEGACY_PROTOCOL_VERSIONS];

export function isLegacyProtocolVersion(version: string): boolean {
  return LEGACY_PROTOCOL_VERSIONS.includes(version);
}

/**
 * A version that claims the stateless era: a revision date on or after 2026-07-28. Revision
 * identifiers are dates, so the comparison is a string comparison of YYYY-MM-DD. An unsupported
 * version of that shape is refused in the new era's words (-32022 with the supported list), which a
 * 2.x client reads to retry with one we speak; anything else in the words of the initialize era.
 */
export function claimsModernEra(version: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= MODERN_PROTOCOL_VERSION;
}

/**
 * MCP lifecycle (initialize): answer the client's revision when it is one of the initialize era, else
 * the latest of that era (the client then decides). 2026-07-28 is never negotiated by initialize:
 * that revision has no handshake.
 */
export function negotiateProtocolVersion(requested: string): string {
  return isLegacyProtocolVersion(requested) ? requested : LATEST_LEGACY_PROTOCOL_VERSION;
}
