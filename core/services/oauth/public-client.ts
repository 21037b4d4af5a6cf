import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/index.ts';
import { registeredClient, type ClientCache } from './client-cache.ts';

/** A registered public client, as the token and revocation endpoints need it. */
export interface PublicClient {
  clientId: string;
  grantTypes: string[];
}

export interface ClientIdentification {
  client_id?: string | undefined;
  client_secret?: string | undefined;
  client_assertion?: string | undefined;
  client_assertion_type?: string | undefined;
  /**
   * The scheme of a credential the client sent outside the form (an HTTP Authorization header's
   * `Basic`, ...), as the transport found it; absent when it sent none.
   */
  client_authentication_scheme?: string | undefined;
}

function invalidClient(message: string, scheme?: string): AppError {
  // RFC 6749 section 5.2: a client that tried to authenticate in the Authorization header gets a
  // challenge of the scheme it used.
  const headers: Record<string, string> = scheme ? { 'WWW-Authenticate': `${scheme} error="invalid_client"` } : {};
  return new AppError('OAUTH_INVALID_CLIENT', message, { headers });
}

const AUTH_SCHEME = /^[\w!#$%&'*+.^`|~-]{1,40}$/;

/**
 * Identifies the client of a token or revocation request. Clients are public
 * (token_endpoint_auth_method `none`, RFC 6749 section 2.3 / RFC 7591): `client_id` in the form is
 * required and must be registered, and any attempt at client authentication (HTTP Basic,
 * client_secret, a client assertion) is refused rather than ignored, so that a confidential
 * client configured against us learns at once. OAUTH_INVALID_CLIENT (401) otherwise.
 *
 * The client's record comes from a short in-process cache (client-cache.ts).
 *
 * Does NOT cover: proving that the caller is that client (a public client has no secret; PKCE
 * and the redirect URI bind a code, and rotation binds a refresh token, to whoever holds them).
 */
export async function identifyPublicClient(
  clients: ClientCache,
  em: EntityManager,
  request: ClientIdentification,
): Promise<PublicClient> {
  const scheme = request.client_authentication_scheme;
  if (scheme !== undefined) {
    const named = AUTH_SCHEME.test(scheme) ? scheme : 'Basic';
    throw invalidClient(
      `Client authentication (${named}) is not supported: clients are public (token_endpoint_auth_method "none"); send client_id in the form instead.`,
      named,
    );
  }
  if (request.client_secret !== undefined) {
    throw invalidClient('client_secret is not accepted: clients are public (token_endpoint_auth_method "none").');
  }
  if (request.client_assertion !== undefined || request.client_assertion_type !== undefined) {
    throw invalidClient('Client assertions are not accepted: clients are public (token_endpoint_auth_method "none").');
  }
  if (request.client_id === undefined) throw invalidClient('client_id is required.');
  const client = await registeredClient(clients, em, request.client_id);
  if (!client) throw invalidClient('Unknown client_id: register the client first (POST /api/oauth/register).');
  return { clientId: client.client_id, grantTypes: client.grant_types };
}
