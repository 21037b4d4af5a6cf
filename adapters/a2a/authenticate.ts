import { isApiTokenShaped } from '../../core/auth/api-token.ts';
import { a2aScopes } from '../../core/auth/scopes.ts';
import type { Context, Principal } from '../../core/context.ts';
import { classifyError } from '../../core/errors/index.ts';
import { a2aAuthRefusal } from '../../core/services/a2a/auth-challenge.ts';
import { exchangeErrorFromMessage, type A2aReply, type RequestId } from './json-rpc.ts';

/**
 * Who sends an A2A request. No Authorization header: anonymous, as every public method allows. A
 * bearer token: an OAuth access token of our authorization server issued for the A2A resource,
 * verified by the core verifier (signature, issuer, audience = {base_url}/v1/agent/a2a, expiry, live
 * grant and membership) and made the context's principal, so core sees its grant (services/a2a/caller.ts).
 * A token we do not accept (an MCP token, a workspace API token, expired, revoked) is HTTP 401, one
 * without a2a:tasks 403, both with the challenge naming the A2A resource's metadata, never a silent
 * fall back to anonymous: the client meant to act as its grant.
 *
 * Not a crossing into core: verification is a core service the context carries, as on MCP
 * (adapters/mcp/authenticate.ts); the request's one procedure call comes after.
 */
export async function authenticateA2a(
  context: Context,
  id: RequestId,
): Promise<{ context: Context } | { reply: A2aReply }> {
  const bearer = context.credentials.bearer;
  if (bearer === undefined) return { context };
  const refuse = (problem: 'invalid' | 'scope') => {
    const { error, headers } = a2aAuthRefusal(context.urls, problem);
    return { reply: exchangeErrorFromMessage(id, error, headers) };
  };
  let principal: Principal | undefined;
  try {
    principal = isApiTokenShaped(bearer)
      ? undefined
      : await context.services.accessTokenVerifier?.(bearer, context, 'a2a');
  } catch (error) {
    // The database away is not a bad token: 503 in the endpoint's dual body, so the client retries rather than re-authorizes.
    const classified = classifyError(error, context.requestId);
    if (classified.unexpected) context.log.error({ err: error }, 'unexpected error verifying an A2A access token');
    return { reply: exchangeErrorFromMessage(id, classified.body, classified.headers) };
  }
  if (principal?.kind !== 'oauth') return refuse('invalid');
  if (!a2aScopes.every((scope) => principal.scopes.includes(scope))) return refuse('scope');
  return { context: { ...context, principal } };
}
