import { cachePublicly } from '../../response-meta.ts';
import { signingJwk } from '../../services/webhooks/signing-key.ts';
import { findPublishedSigningKeys } from '../../services/webhooks/signing-keys.query.ts';
import { endpointNotFound } from '../../services/webhooks/views.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZGetWebhookSigningKeysInput, ZGetWebhookSigningKeysOutput } from './get-webhook-signing-keys.schema.ts';

/** How long a cache may keep a JWKS: a rotated-out key stays published for hours, a new one should show soon. */
const JWKS_MAX_AGE_SECONDS = 300;

/**
 * An endpoint's ed25519 public keys as a JWKS, for receivers verifying `v1a` signatures. Public (no
 * token): public keys reveal nothing, and a receiver's verifier fetches them unattended. An unknown or
 * deleted endpoint, and an A2A push config's, is 404; an endpoint id is a random UUID that only its
 * business and receiver are given.
 */
export const getWebhookSigningKeys = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/v1/webhook-endpoints/{id}/jwks.json',
      operationId: 'webhooks-getSigningKeys',
      tags: ['Webhooks'],
      summary: "A webhook endpoint's public signing keys (JWKS)",
      description:
        "The ed25519 public keys that sign the endpoint's v1a signatures, as a JSON Web Key Set: verify " +
        "`{webhook-id}.{webhook-timestamp}.{body}` against each. During a rotation's overlap both keys are listed. No " +
        'credential needed. Cached publicly for 5 minutes.',
      errorResponses: { 404: 'No such endpoint (RESOURCE_NOT_FOUND).' },
    },
  })
  .input(ZGetWebhookSigningKeysInput)
  .output(ZGetWebhookSigningKeysOutput)
  .query(async ({ ctx, input }) => {
    const row = await findPublishedSigningKeys(ctx.sql, input.id, ctx.clock.now());
    if (!row) throw endpointNotFound(input.id);
    cachePublicly(ctx, JWKS_MAX_AGE_SECONDS);
    const keys = [];
    if (row.signing_public_key && row.signing_key_id) keys.push(signingJwk(row.signing_public_key, row.signing_key_id));
    if (row.previous_signing_public_key && row.previous_signing_key_id)
      keys.push(signingJwk(row.previous_signing_public_key, row.previous_signing_key_id));
    return { keys };
  });
