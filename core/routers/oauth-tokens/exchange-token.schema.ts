import { z } from 'zod';

const parameter = (max: number) => z.string().max(max).optional();

/**
 * A token request (RFC 6749 sections 4.1.3 and 6) as the form carried it: every parameter
 * optional here, because which ones are required depends on grant_type and a missing one must be
 * answered with its own OAuth error (invalid_request, invalid_client, unsupported_grant_type), not
 * a schema failure. Unknown parameters are dropped (RFC 6749 section 3.2: ignored).
 */
export const ZTokenRequest = z.object({
  grant_type: parameter(100),
  client_id: parameter(512),
  code: parameter(200),
  redirect_uri: parameter(2000),
  code_verifier: parameter(500),
  refresh_token: parameter(200),
  scope: parameter(500),
  /** RFC 8707 allows the parameter more than once. */
  resource: z.array(z.string().max(2000)).max(10).optional(),
  // Client authentication a public client must not attempt; read only to refuse it.
  client_secret: parameter(1000),
  client_assertion: parameter(20_000),
  client_assertion_type: parameter(500),
  client_authentication_scheme: parameter(100).describe(
    'The scheme of an HTTP Authorization header the client sent (Basic, ...), set by the transport.',
  ),
});

/** RFC 6749 section 5.1. */
export const ZTokenResponse = z.object({
  access_token: z.string().describe('An RFC 9068 JWT (ES256) for the MCP resource.'),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive().describe('Seconds until the access token expires.'),
  refresh_token: z.string().optional().describe('Single use: each refresh answers a new one (rotation).'),
  scope: z.string().describe('The granted scope, space-separated.'),
});

export type TokenRequest = z.infer<typeof ZTokenRequest>;
