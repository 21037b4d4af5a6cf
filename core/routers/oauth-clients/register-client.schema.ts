import { z } from 'zod';

// The metadata is the domain's (client-metadata.ts normalises it); the procedure answers the registered client.
export { ZRegisterClientInput } from '../../domain/oauth/client-registration.schema.ts';

export const ZRegisteredClient = z.object({
  client_id: z.string(),
  client_id_issued_at: z.number().int().describe('Seconds since the epoch.'),
  client_name: z.string().optional(),
  redirect_uris: z.array(z.string()),
  grant_types: z.array(z.string()),
  response_types: z.array(z.string()),
  scope: z.string().describe('The granted scope, space-separated.'),
  token_endpoint_auth_method: z.literal('none'),
  client_uri: z.string().optional(),
  logo_uri: z.string().optional(),
  tos_uri: z.string().optional(),
  policy_uri: z.string().optional(),
  contacts: z.array(z.string()).optional(),
  software_id: z.string().optional(),
  software_version: z.string().optional(),
});

export type RegisteredClient = z.infer<typeof ZRegisteredClient>;
