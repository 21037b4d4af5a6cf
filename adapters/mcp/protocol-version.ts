/** The MCP revision this server implements. */
const LATEST_PROTOCOL_VERSION = '2025-11-25';

/**
 * Revisions a client may negotiate. The older two differ from 2025-11-25 in nothing this server
 * uses (tools with structured results, JSON answers, no sessions), so their clients are served the
 * same messages; 2024-11-05 spoke another HTTP transport and is not accepted.
 */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [LATEST_PROTOCOL_VERSION, '2025-06-18', '2025-03-26'];

/** MCP lifecycle: answer the client's revision when supported, else the latest (the client then decides). */
export function negotiateProtocolVersion(requested: string): string {
  return SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_PROTOCOL_VERSION;
}
