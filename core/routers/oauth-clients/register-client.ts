import { randomBytes } from 'node:crypto';
import type { IOAuthClient } from '../../../orm/entities/oauth/client.ts';
import { clientFingerprint, normaliseClientMetadata } from '../../services/oauth/client-metadata.ts';
import { findClientByFingerprint, insertClient } from '../../services/oauth/clients.query.ts';
import { clientRegistrationProcedure } from '../../trpc.ts';
import { ZRegisterClientInput, ZRegisteredClient, type RegisteredClient } from './register-client.schema.ts';

function toRegisteredClient(client: IOAuthClient): RegisteredClient {
  return {
    client_id: client.clientId,
    client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
    ...(client.clientName ? { client_name: client.clientName } : {}),
    redirect_uris: client.redirectUris,
    grant_types: client.grantTypes,
    response_types: client.responseTypes,
    scope: client.scope,
    token_endpoint_auth_method: 'none',
    ...client.metadata,
  };
}

/**
 * OAuth 2.0 dynamic client registration (RFC 7591) for public MCP clients. An identical
 * registration answers the client already registered (clients retry; one record is enough), and
 * registrations are rate-limited per client address. The HTTP adapter answers 201 with RFC 7591's
 * error format; no OpenAPI mapping (the endpoint speaks OAuth, not the ErrorMessage REST dialect).
 */
export const registerClient = clientRegistrationProcedure
  .input(ZRegisterClientInput)
  .output(ZRegisteredClient)
  .mutation(async ({ ctx, input }) => {
    const metadata = normaliseClientMetadata(input, ctx.services.oauthRedirectPolicy);
    const fingerprint = clientFingerprint(metadata);
    const existing = await findClientByFingerprint(ctx.em, fingerprint);
    if (existing) return toRegisteredClient(existing);
    // Two identical registrations racing: the unique fingerprint keeps one, and the loser answers it.
    const client = await insertClient(ctx.em, {
      clientId: `mcp_${randomBytes(18).toString('base64url')}`,
      clientName: metadata.clientName,
      redirectUris: metadata.redirectUris,
      scope: metadata.scope,
      grantTypes: metadata.grantTypes,
      responseTypes: metadata.responseTypes,
      tokenEndpointAuthMethod: 'none',
      metadataFingerprint: fingerprint,
      metadata: metadata.metadata,
      createdAt: ctx.clock.now(),
    });
    return toRegisteredClient(client);
  });
