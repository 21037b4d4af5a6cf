import { a2aScopes, mcpScopes } from '../../auth/scopes.ts';
import { isToolsetName, toolsetNames, toolsetScopes } from '../../auth/toolsets.ts';
import { AppError } from '../../errors/index.ts';
import { cachePublicly } from '../../response-meta.ts';
import { oauthUrls } from '../../services/oauth/urls.ts';
import { publicProcedure } from '../../trpc.ts';
import {
  ZGetProtectedResourceMetadataInput,
  ZProtectedResourceMetadata,
} from './get-protected-resource-metadata.schema.ts';

/**
 * RFC 9728 metadata of the MCP resource, served at {site_url}/.well-known/oauth-protected-resource
 * and at the path-inserted {site_url}/.well-known/oauth-protected-resource/api/v1/mcp (no OpenAPI
 * mapping: the well-known adapter calls it). Bearer tokens in the Authorization header only.
 * A view of the MCP endpoint (toolsets, read-only) is the same resource, so the same `resource` and
 * audience; only scopes_supported narrows to what its tools need (a read-only view: mcp:read).
 * The A2A resource ({base_url}/v1/agent/a2a, input resource "a2a") has its own metadata at
 * {site_url}/.well-known/oauth-protected-resource/api/v1/agent/a2a, with its one scope.
 */
export const getProtectedResourceMetadata = publicProcedure
  .input(ZGetProtectedResourceMetadataInput)
  .output(ZProtectedResourceMetadata)
  .query(({ ctx, input }) => {
    const urls = oauthUrls(ctx.urls);
    if (input?.resource === 'a2a') {
      cachePublicly(ctx, 3600);
      return {
        resource: urls.a2aResource,
        authorization_servers: [urls.issuer],
        scopes_supported: [...a2aScopes],
        bearer_methods_supported: ['header' as const],
        resource_name: 'Field Service Public Agent (A2A)',
      };
    }
    const unknown = input?.toolsets?.find((name) => !isToolsetName(name));
    if (unknown !== undefined)
      throw new AppError(
        'MCP_VIEW_INVALID',
        `Unknown toolset ${JSON.stringify(unknown.slice(0, 100))}: the toolsets are ${toolsetNames.join(', ')}.`,
      );
    const chosen = input?.toolsets?.filter(isToolsetName);
    const view = chosen !== undefined || input?.readonly === true;
    cachePublicly(ctx, 3600);
    return {
      resource: urls.resource,
      authorization_servers: [urls.issuer],
      scopes_supported: view ? toolsetScopes(chosen, input?.readonly === true) : [...mcpScopes],
      bearer_methods_supported: ['header' as const],
      resource_name: 'Field Service MCP',
    };
  });
