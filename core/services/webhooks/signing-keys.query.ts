import { runQuery, type SqlSource } from '../sql/query.ts';
import type { NewSigningKey } from './signing-key.ts';

/** An endpoint's published keys: the current one, and the previous one while it still signs. */
export interface PublishedSigningKeys {
  signing_public_key: string | null;
  signing_key_id: string | null;
  previous_signing_public_key: string | null;
  previous_signing_key_id: string | null;
}

/**
 * The public keys of a business's own endpoint by id alone (the JWKS is public: public keys); undefined
 * for an unknown or deleted endpoint and for an A2A push config's, which management never shows. The
 * previous key is left out once its overlap has ended.
 */
export async function findPublishedSigningKeys(
  source: SqlSource,
  endpointId: string,
  now: Date,
): Promise<PublishedSigningKeys | undefined> {
  const [row] = await runQuery<PublishedSigningKeys>(source, {
    sql: `select signing_public_key, signing_key_id,
                 case when previous_signing_key_expires_at > ?::timestamptz then previous_signing_public_key end as previous_signing_public_key,
                 case when previous_signing_key_expires_at > ?::timestamptz then previous_signing_key_id end as previous_signing_key_id
            from webhook_endpoints where id = ? and a2a_task_id is null`,
    params: [now.toISOString(), now.toISOString(), endpointId],
  });
  return row;
}

/**
 * Replaces the endpoint's key pair in one statement: the current key (when there is one) becomes the
 * previous one, signing beside the new one until `previousExpiresAt`; a previous key still live is
 * dropped, so only the two latest ever sign. False when the business has no such endpoint.
 */
export async function rotateSigningKey(
  source: SqlSource,
  businessId: string,
  id: string,
  key: NewSigningKey,
  previousExpiresAt: Date,
  now: Date,
): Promise<boolean> {
  const rows = await runQuery<{ id: string }>(source, {
    sql: `update webhook_endpoints
          set previous_signing_key_ciphertext = signing_key_ciphertext,
              previous_signing_public_key = signing_public_key,
              previous_signing_key_id = signing_key_id,
              previous_signing_key_expires_at = case when signing_key_ciphertext is null then null else ?::timestamptz end,
              signing_key_ciphertext = ?, signing_public_key = ?, signing_key_id = ?, updated_at = ?::timestamptz
          where business_id = ? and id = ? and a2a_task_id is null returning id`,
    params: [
      previousExpiresAt.toISOString(),
      key.ciphertext,
      key.publicKey,
      key.keyId,
      now.toISOString(),
      businessId,
      id,
    ],
  });
  return rows.length > 0;
}
