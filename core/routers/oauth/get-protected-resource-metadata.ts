import { mcpScopes } from '../../auth/scopes.ts';
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
 */
export const getProtectedResourceMetadata = publicProcedure
  .input(ZGetProtectedResourceMetadataInput)
  .output(ZProtectedResourceMetadata)
  .query(({ ctx }) => {
    const urls = oauthUrls(ctx.urls);
    cachePublicly(ctx, 3600);
    return {
      resource: urls.resource,
      authorization_servers: [urls.issuer],
      scopes_supported: [...mcpScopes],
      bearer_methods_supported: ['header' as const],
      resource_name: 'Field Service MCP',
    };
  });
