import { oauthScopes } from '../../auth/scopes.ts';
import { cachePublicly } from '../../response-meta.ts';
import { oauthUrls } from '../../services/oauth/urls.ts';
import { publicProcedure } from '../../trpc.ts';
import {
  ZAuthorizationServerMetadata,
  ZGetAuthorizationServerMetadataInput,
} from './get-authorization-server-metadata.schema.ts';

/**
 * RFC 8414 metadata, served at {site_url}/.well-known/oauth-authorization-server (outside /api,
 * so no OpenAPI mapping: the well-known adapter calls it). Public clients only (PKCE S256, no
 * client authentication), the iss parameter on authorization responses (RFC 9207), and client ID
 * metadata documents (a client_id that is the https URL of the client's metadata) when the
 * composition root gave the services a fetcher for them.
 */
export const getAuthorizationServerMetadata = publicProcedure
  .input(ZGetAuthorizationServerMetadataInput)
  .output(ZAuthorizationServerMetadata)
  .query(({ ctx }) => {
    const urls = oauthUrls(ctx.urls);
    cachePublicly(ctx, 3600);
    return {
      issuer: urls.issuer,
      authorization_endpoint: urls.authorizationEndpoint,
      token_endpoint: urls.tokenEndpoint,
      registration_endpoint: urls.registrationEndpoint,
      revocation_endpoint: urls.revocationEndpoint,
      jwks_uri: urls.jwksUri,
      scopes_supported: [...oauthScopes],
      response_types_supported: ['code' as const],
      grant_types_supported: ['authorization_code' as const, 'refresh_token' as const],
      code_challenge_methods_supported: ['S256' as const],
      token_endpoint_auth_methods_supported: ['none' as const],
      revocation_endpoint_auth_methods_supported: ['none' as const],
      authorization_response_iss_parameter_supported: true as const,
      client_id_metadata_document_supported: ctx.services.oauthClientDocuments !== undefined,
      service_documentation: urls.serviceDocumentation,
    };
  });
