import { cachePublicly } from '../../response-meta.ts';
import { publishedKeys } from '../../services/oauth/signing-keys.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZGetJwksInput, ZGetJwksOutput } from './get-jwks.schema.ts';

/** The authorization server's JSON Web Key Set: what resource servers verify access tokens with. */
export const getJwks = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      operationId: 'oauth-getJwks',
      path: '/v1/oauth/jwks',
      tags: ['OAuth'],
      summary: 'Authorization server key set (JWKS)',
      description:
        'The public keys (RFC 7517 JSON Web Key Set) that verify the access tokens of this authorization server: ' +
        'ES256 (P-256) keys, each named by its RFC 7638 thumbprint as `kid`. A rotated key stays listed until every ' +
        'token it signed has expired. This document is the `jwks_uri` of the authorization server metadata at ' +
        '{site_url}/.well-known/oauth-authorization-server. Cached publicly for 5 minutes.',
      successDescription: 'The key set.',
    },
  })
  .input(ZGetJwksInput)
  .output(ZGetJwksOutput)
  .query(async ({ ctx }) => {
    const keys = await publishedKeys(ctx.em, ctx.clock.now());
    cachePublicly(ctx, 300);
    return { keys };
  });
