import { z } from 'zod';

export const ZGetProtectedResourceMetadataInput = z.void();

/** RFC 9728 protected resource metadata of the MCP resource. */
export const ZProtectedResourceMetadata = z.object({
  resource: z.string().describe("{base_url}/v1/mcp exactly: the resource indicator and the tokens' audience."),
  authorization_servers: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  bearer_methods_supported: z.array(z.literal('header')),
  resource_name: z.string(),
});
