import type { EntityManager } from '@mikro-orm/postgresql';
import { findGrantRows } from './grants.query.ts';

/** Where a grant stands, from its tokens: see grantRecords. */
type GrantStatus = 'active' | 'unused' | 'expired' | 'revoked';

/** A user's authorization of a client in a business, as administrators see it (never a secret). */
export interface GrantRecord {
  grant_id: string;
  client_id: string;
  client_name: string | null;
  user_id: string;
  business_id: string;
  business_slug: string;
  business_name: string;
  scope: string;
  resource: string;
  created_at: string;
  last_refreshed_at: string | null;
  revoked_at: string | null;
  status: GrantStatus;
}

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Grants with their client and business, newest first, selected by user or by id. `status`:
 * `revoked`; `unused` when its code was never exchanged; `active` while a refresh token is live or
 * the last access token issued may still be valid; `expired` otherwise. `last_refreshed_at` is
 * the last time one of its refresh tokens was exchanged.
 */
export async function grantRecords(
  em: EntityManager,
  where: { userId: string; includeRevoked: boolean } | { grantId: string },
  clock: { now: Date; accessTokenTtlSeconds: number },
): Promise<GrantRecord[]> {
  const rows = await findGrantRows(em, where, clock.now);
  const accessHorizon = clock.now.getTime() - clock.accessTokenTtlSeconds * 1000;
  return rows.map((row) => {
    let status: GrantStatus;
    if (row.revoked_at !== null) status = 'revoked';
    else if (!row.exchanged) status = 'unused';
    else if (row.refreshable || (row.last_issued_at !== null && new Date(row.last_issued_at).getTime() > accessHorizon))
      status = 'active';
    else status = 'expired';
    return {
      grant_id: row.id,
      client_id: row.client_id,
      client_name: row.client_name,
      user_id: row.user_id,
      business_id: row.business_id,
      business_slug: row.business_slug,
      business_name: row.business_name,
      scope: row.scope,
      resource: row.resource,
      created_at: new Date(row.created_at).toISOString(),
      last_refreshed_at: iso(row.last_refreshed_at),
      revoked_at: iso(row.revoked_at),
      status,
    };
  });
}
