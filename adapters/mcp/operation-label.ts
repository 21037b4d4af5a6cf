/** Every method either era answers (methods.ts, modern-methods.ts); anything else is one label. */
const KNOWN_METHODS = new Set(['initialize', 'ping', 'server/discover', 'tools/list', 'tools/call']);
const UNKNOWN = '(unknown)';

/**
 * The metrics' name of one MCP request: the tool of a tools/call (a tool of the catalogue, else
 * `(unknown)`), or the method (a known one, else `(unknown)`). Never a client's text, so the series
 * stay bounded whatever names clients send.
 */
export function mcpOperation(method: string, params: Record<string, unknown>, tools: ReadonlySet<string>): string {
  if (method !== 'tools/call') return KNOWN_METHODS.has(method) ? method : UNKNOWN;
  return typeof params.name === 'string' && tools.has(params.name) ? params.name : UNKNOWN;
}
