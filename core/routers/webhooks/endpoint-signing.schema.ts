import { z } from 'zod';
import { signatureSchemes } from '../../services/webhooks/signature-schemes.ts';

const ZInstant = z.iso.datetime({ offset: true });

/** `["v1"]`, `["v1a"]` or both (in either order): what signs the endpoint's deliveries. */
export const ZSignatureSchemes = z
  .array(z.string().max(10))
  .min(1, { message: 'name at least one signature scheme: "v1" (HMAC), "v1a" (ed25519), or both' })
  .max(signatureSchemes.length)
  .superRefine((schemes, context) => {
    schemes.forEach((scheme, index) => {
      if (!(signatureSchemes as readonly string[]).includes(scheme))
        context.addIssue({
          code: 'custom',
          path: [index],
          message: `unknown signature scheme "${scheme}"; known: ${signatureSchemes.join(', ')}`,
        });
      else if (schemes.indexOf(scheme) !== index)
        context.addIssue({ code: 'custom', path: [index], message: `"${scheme}" is listed twice` });
    });
  })
  .describe(
    'What signs each delivery (the webhook-signature header): "v1" (HMAC-SHA256 with the endpoint secret, the default), ' +
      '"v1a" (ed25519 with the endpoint\'s own key pair, whose public keys are published at signing_keys_url), or both ' +
      'during a migration from one to the other.',
  );

export const ZEventPayload = z
  .enum(['full', 'thin'])
  .describe(
    '"full" (the default): each delivery carries the event with its data. "thin": the event without data, and ' +
      'entity.url where a workspace API token fetches the object.',
  );

/** The signing members of an endpoint as management shows it. */
export const ZEndpointSigningView = {
  signature_schemes: z
    .array(z.enum(signatureSchemes))
    .describe('What signs each delivery: v1 (HMAC), v1a (ed25519), or both.'),
  event_payload: ZEventPayload,
  signing_keys_url: z
    .string()
    .describe(
      "The JWKS of the endpoint's ed25519 public keys (no credential needed; empty until the endpoint first signs with v1a).",
    ),
  signing_key_id: z
    .string()
    .nullable()
    .describe(
      'The `kid` (RFC 7638 thumbprint) of the current ed25519 key; null until the endpoint first signs with v1a.',
    ),
  signing_public_key: z
    .string()
    .nullable()
    .describe(
      'The current ed25519 public key as Standard Webhooks libraries take it: `whpk_` + base64 of its 32 bytes.',
    ),
  previous_signing_key_expires_at: ZInstant.nullable().describe(
    'After rotate-signing-key, when the previous key stops signing and leaves the JWKS; null when there is none.',
  ),
};
