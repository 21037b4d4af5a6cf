import { ACTIVE_KID_COLUMN } from '../oauth/signing-keys.query.ts';
import { runQuery, type SqlSource } from '../sql/query.ts';

/** One JWS of the card (A2A 1.0 AgentCardSignature): base64url protected header and signature. */
export interface StoredCardSignature {
  protected: string;
  signature: string;
}

/**
 * The kid of the key that signs now and, when that key has signed this card text already, its
 * signatures: one statement, so a card request costs this one indexed read. active_kid is null
 * before the first key exists.
 */
export async function findCardSignatures(
  source: SqlSource,
  cardHash: string,
): Promise<{ active_kid: string | null; signatures: StoredCardSignature[] | null }> {
  const [row] = await runQuery<{ active_kid: string | null; signatures: StoredCardSignature[] | null }>(source, {
    sql: `select active.active_kid, s.signatures
            from (select ${ACTIVE_KID_COLUMN}) active
            left join a2a_card_signatures s on s.card_hash = ? and s.kid = active.active_kid`,
    params: [cardHash],
  });
  return row ?? { active_kid: null, signatures: null };
}

/**
 * Keeps the signatures of a card text by a key, and answers the ones kept: the first instance's when
 * two sign the same card at once, so every instance serves the same bytes (and ETag). Rows of keys
 * that no longer sign go with it (a card is re-signed by the active key, so they are never read again).
 */
export async function keepCardSignatures(
  source: SqlSource,
  row: { cardHash: string; kid: string; signatures: StoredCardSignature[] },
  now: Date,
): Promise<StoredCardSignature[]> {
  const [kept] = await runQuery<{ signatures: StoredCardSignature[] }>(source, {
    sql: `with retired as (
            delete from a2a_card_signatures
              where kid in (select kid from oauth_signing_keys where retired_at is not null)
          ), inserted as (
            insert into a2a_card_signatures (card_hash, kid, signatures, created_at)
              values (?, ?, ?::jsonb, ?::timestamptz)
              on conflict (card_hash, kid) do nothing
              returning signatures
          )
          select signatures from inserted
          union all
          select signatures from a2a_card_signatures where card_hash = ? and kid = ?
          limit 1`,
    params: [row.cardHash, row.kid, JSON.stringify(row.signatures), now.toISOString(), row.cardHash, row.kid],
  });
  return kept?.signatures ?? row.signatures;
}
