import { isApiTokenShaped } from '../../core/auth/api-token.ts';
import type { Context } from '../../core/context.ts';
import type { OAuthPrincipal } from '../../core/services/oauth/access-tokens.ts';
import { unauthorizedChallenge } from './auth-challenge.ts';
import { rpcError, type McpReply } from './json-rpc.ts';
import type { ViewChallenge } from './view-challenge.ts';

/**
 * The principal of an MCP request: an OAuth access token of our authorization server, verified by
 * the core verifier (signature, issuer, audience = this resource, expiry, live grant and membership).
 * Missing or refused: HTTP 401 with the RFC 9728 challenge that starts discovery, pointing at the
 * metadata of the connection's view and asking for the scopes its tools need.
 *
 * Does NOT cover: workspace API tokens (fsa_ws_...), which are refused here on purpose: they belong to
 * internal clients on /api/trpc, and an agent must come through the user's consent. Scopes are not
 * checked here; the tenant procedure checks them per tool.
 */
export async function authenticateMcp(
  context: Context,
  { resourceMetadata: protectedResourceMetadata, scope }: ViewChallenge,
): Promise<{ principal: OAuthPrincipal } | { reply: McpReply }> {
  const bearer = context.credentials.bearer;
  if (bearer === undefined) {
    return {
      reply: rpcError(
        null,
        'UNAUTHORIZED',
        'The MCP resource needs an OAuth access token: send Authorization: Bearer <token>. Discover the authorization server from the resource_metadata URL of the WWW-Authenticate header.',
        {
          headers: { 'WWW-Authenticate': unauthorizedChallenge(protectedResourceMetadata, false, scope) },
          extra: { resource_metadata: protectedResourceMetadata },
        },
      ),
    };
  }
  const principal = isApiTokenShaped(bearer)
    ? undefined
    : await context.services.accessTokenVerifier?.(bearer, context);
  if (principal?.kind === 'oauth') return { principal };
  return {
    reply: rpcError(
      null,
      'UNAUTHORIZED',
      'The access token is invalid, expired or revoked, or was not issued for this resource. Authorize again.',
      {
        headers: { 'WWW-Authenticate': unauthorizedChallenge(protectedResourceMetadata, true, scope) },
        extra: { resource_metadata: protectedResourceMetadata },
      },
    ),
  };
}
