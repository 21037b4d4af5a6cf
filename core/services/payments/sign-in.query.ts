import { runQuery, type SqlSource } from '../sql/query.ts';

/**
 * Uses a sign-in challenge's nonce: one INSERT that the primary key decides, so of any number of
 * concurrent copies of one signed message exactly one gets the row. Answers whether this call did.
 */
export async function useSignInNonce(
  source: SqlSource,
  nonce: { nonce: string; address: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await runQuery(source, {
    sql: `insert into payments_sign_in_nonces (nonce, address, expires_at) values (?, ?, ?::timestamptz)
            on conflict do nothing
            returning nonce`,
    params: [nonce.nonce, nonce.address, nonce.expiresAt.toISOString()],
  });
  return rows.length > 0;
}

/**
 * Whether `payer` has a settled payment on `network` for this revision of the reference settled at
 * or after `since`. The (network, payer, nonce) unique index leads with the first two.
 */
export async function hasSettledPayment(
  source: SqlSource,
  query: { network: string; payer: string; revision: string; since: Date },
): Promise<boolean> {
  const rows = await runQuery(source, {
    sql: `select 1 from payments_received
           where network = ? and payer = ? and state = 'settled' and reference_revision = ?
             and settled_at >= ?::timestamptz
           limit 1`,
    params: [query.network, query.payer, query.revision, query.since.toISOString()],
  });
  return rows.length > 0;
}

/** Deletes at most `limit` used nonces whose challenge ended before `now`; answers how many. */
export async function deleteExpiredSignInNonces(source: SqlSource, now: Date, limit: number): Promise<number> {
  const rows = await runQuery(source, {
    sql: `delete from payments_sign_in_nonces
           where nonce in (select nonce from payments_sign_in_nonces where expires_at < ?::timestamptz
                            order by expires_at limit ? for update skip locked)
          returning nonce`,
    params: [now.toISOString(), limit],
  });
  return rows.length;
}
