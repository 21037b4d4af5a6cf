import { serverInfo } from './initialize.ts';
import type { McpReply } from './json-rpc.ts';

const SERVER_INFO_META_KEY = 'io.modelcontextprotocol/serverInfo';

/**
 * A reply of the shared methods in 2026-07-28 form: every result carries `resultType: "complete"`
 * (this server never asks the client for input, so never "input_required") and names the server in
 * `_meta["io.modelcontextprotocol/serverInfo"]`, beside the `_meta` the result already had (the
 * catalogue revision and hash). Errors, and their HTTP status and headers (the 403 step-up
 * challenge), pass unchanged: both eras answer them alike.
 */
export function asModernReply(reply: McpReply): McpReply {
  const body = reply.body;
  if (!body || !('result' in body)) return reply;
  const { _meta, ...rest } = body.result;
  const meta = { ...(_meta as Record<string, unknown> | undefined), [SERVER_INFO_META_KEY]: serverInfo };
  return { ...reply, body: { ...body, result: { resultType: 'complete', ...rest, _meta: meta } } };
}
