import type { WebhookEndpointRow } from './endpoints.query.ts';
import { storedSchemes } from './signature-schemes.ts';
import { standardWebhooksPublicKey } from './signing-key.ts';

/** Where an endpoint's public signing keys are published (no credential: they are public keys). */
function signingKeysUrl(baseUrl: string, endpointId: string): string {
  return `${baseUrl}/v1/webhook-endpoints/${endpointId}/jwks.json`;
}

/** How an endpoint's deliveries are signed and shaped, as management shows it: never a private key. */
export function signingView(row: WebhookEndpointRow, now: Date, baseUrl: string) {
  const previousLive =
    row.previous_signing_key_expires_at !== null && new Date(row.previous_signing_key_expires_at) > now;
  return {
    signature_schemes: storedSchemes(row.signature_schemes),
    event_payload: row.event_payload,
    signing_keys_url: signingKeysUrl(baseUrl, row.id),
    signing_key_id: row.signing_key_id,
    signing_public_key: row.signing_public_key === null ? null : standardWebhooksPublicKey(row.signing_public_key),
    previous_signing_key_expires_at: previousLive ? new Date(row.previous_signing_key_expires_at!).toISOString() : null,
  };
}
