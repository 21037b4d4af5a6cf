import type { TransportRequest } from '../json-rpc/transport-request.ts';

/** The `_meta` key of a 2026-07-28 request that names its revision. */
export const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';

/** Visible ASCII, space and tab (RFC 9110 field values): anything else in a mirrored header is refused. */
const PLAIN_HEADER_VALUE = /^[\x20-\x7e\t]*$/;
const SENTINEL = /^=\?base64\?(.*)\?=$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * A mirrored header value as the body holds it (2026-07-28 Streamable HTTP, "Value Encoding"): the
 * plain value, or the UTF-8 text of a `=?base64?...?=` sentinel. Undefined when the value holds
 * characters a header may not carry or the sentinel is not valid Base64: both a mismatch.
 */
function decodeMirroredValue(value: string): string | undefined {
  if (!PLAIN_HEADER_VALUE.test(value)) return undefined;
  const sentinel = SENTINEL.exec(value);
  if (!sentinel) return value;
  const base64 = sentinel[1]!;
  if (!BASE64.test(base64) || base64.length % 4 !== 0) return undefined;
  const bytes = Buffer.from(base64, 'base64');
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  // A round trip refuses non-canonical Base64 and bytes that are not UTF-8 text.
  return Buffer.from(text, 'utf8').toString('base64') === base64 ? text : undefined;
}

/** The body values a 2026-07-28 request mirrors into headers. */
export interface MirroredFields {
  version: string;
  method: string;
  /** `params.name` of tools/call (the only method served here that mirrors a name); undefined otherwise. */
  name?: unknown;
}

/**
 * Server validation of the standard request headers (2026-07-28 Streamable HTTP, "Server
 * Validation"): `MCP-Protocol-Version`, `Mcp-Method` and, for tools/call, `Mcp-Name` must be present
 * and equal the body's values (header values are case-sensitive; a repeated header arrives joined
 * with ", " and so never matches). Answers the first header that fails, in that order, as a sentence
 * for the HeaderMismatch error; undefined when all agree. No tool declares `x-mcp-header`, so no
 * `Mcp-Param-*` header is recognized, and the others are ignored as the revision says.
 */
export function mirroredHeaderMismatch(request: TransportRequest, fields: MirroredFields): string | undefined {
  const checks: Array<[header: string, expected: unknown]> = [
    ['MCP-Protocol-Version', fields.version],
    ['Mcp-Method', fields.method],
  ];
  if (fields.method === 'tools/call') checks.push(['Mcp-Name', fields.name]);
  for (const [header, expected] of checks) {
    const raw = request.header(header.toLowerCase());
    if (raw === undefined) return `the ${header} header is missing; it must repeat the body's value.`;
    // Only Mcp-Name may use the Base64 sentinel; the version and the method are plain tokens.
    const value = header === 'Mcp-Name' ? decodeMirroredValue(raw) : PLAIN_HEADER_VALUE.test(raw) ? raw : undefined;
    if (value === undefined)
      return `the ${header} header holds characters a header may not carry, or a malformed =?base64?...?= value.`;
    if (value !== expected)
      return `the ${header} header (${JSON.stringify(value.slice(0, 100))}) does not match the body's value (${
        typeof expected === 'string' ? JSON.stringify(expected.slice(0, 100)) : 'none'
      }).`;
  }
  return undefined;
}
