import { DEFAULT_SIGNATURE_SCHEMES, type SignatureScheme } from './signature-schemes.ts';
import type { NewSigningKey } from './signing-key.ts';

/** What creation or PATCH says about how an endpoint's deliveries are signed and shaped. */
export interface EndpointSigning {
  schemes?: readonly SignatureScheme[];
  eventPayload?: 'full' | 'thin';
  /** A key pair to keep unless the endpoint already has one: made by a request choosing `v1a`. */
  key?: NewSigningKey;
}

/** The signing columns management reads (never a private key). */
export const SIGNING_COLUMNS = `signature_schemes, event_payload, signing_key_id, signing_public_key,
  previous_signing_key_id, previous_signing_key_expires_at`;

/** The insert's extra columns, placeholders and values. */
export function signingInsert(signing: EndpointSigning): { columns: string; values: string; params: unknown[] } {
  return {
    columns: 'signature_schemes, event_payload, signing_key_ciphertext, signing_public_key, signing_key_id',
    values: '?::json, ?, ?, ?, ?',
    params: [
      JSON.stringify(signing.schemes ?? DEFAULT_SIGNATURE_SCHEMES),
      signing.eventPayload ?? 'full',
      signing.key?.ciphertext ?? null,
      signing.key?.publicKey ?? null,
      signing.key?.keyId ?? null,
    ],
  };
}

/**
 * The update's assignments. A key is stored only where none is (every expression of one UPDATE reads
 * the row as it was), so concurrent PATCHes choosing `v1a` keep the first key and never a mix of two.
 */
export function signingPatch(signing: EndpointSigning, set: (assignment: string, value: unknown) => void): void {
  if (signing.schemes !== undefined) set('signature_schemes = ?::json', JSON.stringify(signing.schemes));
  if (signing.eventPayload !== undefined) set('event_payload = ?', signing.eventPayload);
  if (signing.key !== undefined) {
    set('signing_key_ciphertext = coalesce(signing_key_ciphertext, ?)', signing.key.ciphertext);
    set(
      'signing_public_key = case when signing_key_ciphertext is null then ? else signing_public_key end',
      signing.key.publicKey,
    );
    set('signing_key_id = case when signing_key_ciphertext is null then ? else signing_key_id end', signing.key.keyId);
  }
}
