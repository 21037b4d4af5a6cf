import type { EcPublicJwk } from '../../../orm/entities/oauth/signing-key.ts';
import { runQuery, type SqlSource } from '../sql/query.ts';

/** pg_advisory_xact_lock key: serialises key creation and rotation across every instance. */
const SIGNING_KEY_LOCK = 7_268_310_554;

/**
 * A select-list column naming the kid of the key that signs now (the newest not retired, as in
 * findNewestActiveKey), for statements a token exchange runs anyway: the exchange then signs with
 * its already imported key without a round trip of its own, and a rotation committed by any
 * instance is seen by the next exchange.
 */
export const ACTIVE_KID_COLUMN =
  '(select k.kid from oauth_signing_keys k where k.retired_at is null order by k.created_at desc, k.kid desc limit 1) as active_kid';

/** A signing key's id with its sealed private half. */
export interface SigningKeyRow {
  kid: string;
  private_jwk_encrypted: string;
}

/** Stores a new key (nothing happens when its kid exists already). */
export async function insertSigningKey(
  source: SqlSource,
  key: { kid: string; alg: string; publicJwk: EcPublicJwk; sealed: string },
  now: Date,
): Promise<void> {
  await runQuery(source, {
    sql: `insert into oauth_signing_keys (kid, alg, public_jwk, private_jwk_encrypted, created_at)
          values (?, ?, ?::jsonb, ?, ?::timestamptz) on conflict (kid) do nothing`,
    params: [key.kid, key.alg, JSON.stringify(key.publicJwk), key.sealed, now.toISOString()],
  });
}

/** The newest key that is not retired; undefined when there is none. */
export async function findNewestActiveKey(source: SqlSource): Promise<SigningKeyRow | undefined> {
  const rows = await runQuery<SigningKeyRow>(source, {
    sql: `select kid, private_jwk_encrypted from oauth_signing_keys
          where retired_at is null order by created_at desc, kid desc limit 1`,
    params: [],
  });
  return rows[0];
}

/** Takes the signing keys' advisory lock until the transaction ends. Run it inside a transaction. */
export async function lockSigningKeys(tx: SqlSource): Promise<void> {
  await runQuery(tx, { sql: 'select pg_advisory_xact_lock(?::bigint)', params: [SIGNING_KEY_LOCK] });
}

/** Retires every key that is not retired yet, published until `publishUntil`; answers the keys retired. */
export async function retireActiveKeys(
  source: SqlSource,
  now: Date,
  publishUntil: Date,
): Promise<Array<{ kid: string; retired_at: Date; publish_until: Date }>> {
  return runQuery<{ kid: string; retired_at: Date; publish_until: Date }>(source, {
    sql: `update oauth_signing_keys set retired_at = ?::timestamptz, publish_until = ?::timestamptz
            where retired_at is null returning kid, retired_at, publish_until`,
    params: [now.toISOString(), publishUntil.toISOString()],
  });
}

/** A key is published while it signs, and after its retirement until publish_until. */
const publishedKeysWhere = '(retired_at is null or publish_until > ?::timestamptz)';

/** The public keys published at `now` (see publishedKeysWhere), newest first. */
export async function findPublishedKeys(
  source: SqlSource,
  now: Date,
): Promise<Array<{ kid: string; public_jwk: EcPublicJwk }>> {
  return runQuery<{ kid: string; public_jwk: EcPublicJwk }>(source, {
    sql: `select kid, public_jwk from oauth_signing_keys where ${publishedKeysWhere} order by created_at desc, kid desc`,
    params: [now.toISOString()],
  });
}

/** The public key with this kid and algorithm and its publication window; undefined when there is none. */
export async function findKeyPublication(
  source: SqlSource,
  kid: string,
  alg: string,
): Promise<{ public_jwk: EcPublicJwk; publish_until: Date | null; retired_at: Date | null } | undefined> {
  const rows = await runQuery<{ public_jwk: EcPublicJwk; publish_until: Date | null; retired_at: Date | null }>(
    source,
    {
      sql: 'select public_jwk, publish_until, retired_at from oauth_signing_keys where kid = ? and alg = ?',
      params: [kid, alg],
    },
  );
  return rows[0];
}
