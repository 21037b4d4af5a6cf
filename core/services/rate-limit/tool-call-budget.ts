import type { Context } from '../../context.ts';
import { errorMessage, type ErrorMessage } from '../../errors/index.ts';
import type { OAuthPrincipal } from '../oauth/access-tokens.ts';
import { rateLimitHeaders } from './headers.ts';

/** What a transport answers with after reserving a tool call: go ahead, or the refusal. */
export type ToolCallReservation =
  | { allowed: true; headers: Record<string, string> }
  | { allowed: false; headers: Record<string, string>; error: ErrorMessage };

/**
 * Reserves one point of the grant's MCP tool-call budget (MCP_TOOL_RATE_LIMIT_PER_MINUTE) before a
 * tool's procedure runs: the MCP specification's "Servers MUST rate limit tool invocations". The
 * point is taken first and the work done after, so calls sent at once never run more procedures
 * than the budget (a refused call has run nothing).
 *
 * Keyed by the OAuth grant: one user's consent to one client for one business, kept across token
 * refreshes, so one agent connection. Not the token (a refresh would reset it), not the client
 * address (an agent product calls from a few shared addresses for all its users), not client plus
 * business (two users of one business connecting the same product would share one budget, and one
 * runaway connection would starve the other).
 *
 * The RateLimit and RateLimit-Policy headers go on every answer after the reservation, allowed or
 * not; a refusal adds Retry-After and the RATE_LIMITED ErrorMessage the transport answers with.
 */
export async function reserveToolCall(
  context: Pick<Context, 'services'> & { principal: OAuthPrincipal },
): Promise<ToolCallReservation> {
  const decision = await context.services.rateLimiters.mcpToolCalls.consume(`grant:${context.principal.grantId}`);
  const headers = rateLimitHeaders(decision);
  if (decision.allowed) return { allowed: true, headers };
  const { points, windowSeconds } = decision.policy;
  const message = `Too many tool calls: the limit is ${points} per ${windowSeconds} seconds per authorization (OAuth grant).`;
  return { allowed: false, headers, error: errorMessage('RATE_LIMITED', message) };
}
