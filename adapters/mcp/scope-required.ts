import { mcpScopeFor, type ToolAccess } from '../../core/auth/scopes.ts';
import type { Context } from '../../core/context.ts';
import type { OAuthPrincipal } from '../../core/services/oauth/access-tokens.ts';
import { oauthUrls } from '../../core/services/oauth/urls.ts';
import { insufficientScopeChallenge } from './auth-challenge.ts';
import { rpcError, type McpReply, type RequestId } from './json-rpc.ts';

/**
 * A tool refused for lack of scope (spec 5.4 rule 3): HTTP 403 with the step-up challenge, and a
 * JSON-RPC error whose data names the scope to ask for and where to discover the authorization server.
 * A write answers MCP_WRITE_SCOPE_REQUIRED; a read (a token holding only write scopes) INSUFFICIENT_SCOPE.
 */
export function scopeRequiredReply(
  id: RequestId,
  access: ToolAccess,
  context: Context & { principal: OAuthPrincipal },
): McpReply {
  const { protectedResourceMetadata } = oauthUrls(context.urls);
  const required = [mcpScopeFor(access)];
  const write = access !== 'read';
  return rpcError(
    id,
    write ? 'MCP_WRITE_SCOPE_REQUIRED' : 'INSUFFICIENT_SCOPE',
    `This tool needs the scope ${required.join(' ')}, which the access token does not carry.`,
    {
      headers: {
        'WWW-Authenticate': insufficientScopeChallenge(protectedResourceMetadata, context.principal.scopes, required),
      },
      extra: { required_scopes: required, resource_metadata: protectedResourceMetadata },
    },
  );
}
