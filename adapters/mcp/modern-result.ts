import { serverInfo } from './initialize.ts';
import type { McpReply } from './json-rpc.ts';

const SERVER_INFO_META_KEY = 'io.modelcontextprotocol/serverInfo';

/** -32020 to -32099 belong to the MCP specification from 2026-07-28 on; of those, this server answers only these two. */
const RESERVED_BY_MCP = { from: -32099, to: -32020 };
const DEFINED_BY_MCP: ReadonlySet<number> = new Set([-32020, -32022]);
const INTERNAL_ERROR = -32603;

/**
 * A reply of the shared methods in 2026-07-28 form: every result carries `resultType: "complete"`
 * (this server never asks the client for input, so never "input_required") and names the server in
 * `_meta["io.modelcontextprotocol/serverInfo"]`, beside the `_meta` the result already had (the
 * catalogue revision and hash). Errors pass with their HTTP status, headers (the 403 step-up
 * challenge) and `data` unchanged, except a catalogue code inside the range that revision reserves
 * (-32050 for an unavailable database or a busy server, -32029 for a spent tool-call budget), which it
 * forbids to emit: that one becomes -32603 (internal error), `data.code` still naming the cause and the
 * HTTP status (503, 429) still the one a client acts on.
 */
export function asModernReply(reply: McpReply): McpReply {
  const body = reply.body;
  if (!body) return reply;
  if ('error' in body) {
    const { code } = body.error;
    if (code < RESERVED_BY_MCP.from || code > RESERVED_BY_MCP.to || DEFINED_BY_MCP.has(code)) return reply;
    return { ...reply, body: { ...body, error: { ...body.error, code: INTERNAL_ERROR } } };
  }
  const { _meta, ...rest } = body.result;
  const meta = { ...(_meta as Record<string, unknown> | undefined), [SERVER_INFO_META_KEY]: serverInfo };
  return { ...reply, body: { ...body, result: { resultType: 'complete', ...rest, _meta: meta } } };
}
