import { z } from 'zod';

export const ZGetAuthorizationServerMetadataInput = z.void();

/** RFC 8414 authorization server metadata, as far as this server implements it. */
export const ZAuthorizationServerMetadata = z.object({
  issuer: z.string().describe('{site_url} exactly, without a trailing slash.'),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  registration_endpoint: z.string(),
  revocation_endpoint: z.string(),
  jwks_uri: z.string(),
  scopes_supported: z.array(z.string()),
  response_types_supported: z.array(z.literal('code')),
  grant_types_supported: z.array(z.enum(['authorization_code', 'refresh_token'])),
  code_challenge_methods_supported: z.array(z.literal('S256')),
  token_endpoint_auth_methods_supported: z.array(z.literal('none')),
  revocation_endpoint_auth_methods_supported: z.array(z.literal('none')),
  authorization_response_iss_parameter_supported: z.literal(true),
  client_id_metadata_document_supported: z
    .boolean()
    .describe(
      'Whether a client_id may be the https URL of a client ID metadata document (draft-ietf-oauth-client-id-metadata-document), instead of registering.',
    ),
  service_documentation: z.string(),
});
