import { mcpToolCallProcedure } from '../../trpc.ts';
import { ZAdmitToolCallInput, ZAdmitToolCallOutput } from './admit-tool-call.schema.ts';

/**
 * Counts one MCP tool call against its OAuth grant's budget (429 RATE_LIMITED with Retry-After beyond
 * it; the RateLimit headers go on the context's response either way). The MCP adapter calls it once
 * the tool and its arguments are known to be valid and before the tool's procedure runs: the point is
 * reserved before the work, so calls sent at once never run more tools than the budget, and a refused
 * call has run nothing. Reached only through the invoker, as agent.admitRequest is for A2A.
 */
export const admitToolCall = mcpToolCallProcedure
  .input(ZAdmitToolCallInput)
  .output(ZAdmitToolCallOutput)
  .mutation(() => ({}));
