import { z } from 'zod';

/**
 * The MCP view whose metadata is asked for (the well-known adapter reads it from the path-inserted
 * form of the view's URL, .../api/v1/mcp/x/{toolsets}[/readonly] or .../api/v1/mcp/readonly);
 * nothing is the whole catalogue. `resource: "a2a"` asks for the A2A resource's instead (views are MCP's only).
 */
export const ZGetProtectedResourceMetadataInput = z
  .object({
    toolsets: z.array(z.string().max(200)).max(20).optional(),
    readonly: z.boolean().optional(),
    resource: z.enum(['mcp', 'a2a']).optional(),
  })
  .optional();

/** RFC 9728 protected resource metadata of the MCP resource (or of the A2A resource). */
export const ZProtectedResourceMetadata = z.object({
  resource: z
    .string()
    .describe(
      "{base_url}/v1/mcp (or {base_url}/v1/agent/a2a) exactly: the resource indicator and the tokens' audience.",
    ),
  authorization_servers: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  bearer_methods_supported: z.array(z.literal('header')),
  resource_name: z.string(),
});
