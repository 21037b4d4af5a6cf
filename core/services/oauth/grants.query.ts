import { runQuery, type SqlSource } from '../sql/query.ts';

/** Stores a new grant: a user's consent to a client, for one business, scope and resource. */
export async function insertGrant(
  source: SqlSource,
  grant: {
    grantId: string;
    clientId: string;
    userId: string;
    businessId: string;
    scope: string;
    resource: string;
    now: Date;
  },
): Promise<void> {
  await runQuery(source, {
    sql: `insert into oauth_grants (id, client_id, user_id, business_id, scope, resource, created_at)
            values (?, ?, ?, ?, ?, ?, ?::timestamptz)`,
    params: [
      grant.grantId,
      grant.clientId,
      grant.userId,
      grant.businessId,
      grant.scope,
      grant.resource,
      grant.now.toISOString(),
    ],
  });
}

/**
 * Revokes a grant: every access token (verifyAccessToken checks the grant), refresh token and
 * unexchanged code issued from it stops working at once. Conditional, so concurrent revocations
 * keep the first time; answers whether this call revoked it. With `clientId`, only a grant of that
 * client is touched (token revocation by a client never reaches another client's grant).
 */
export async function revokeGrant(
  source: SqlSource,
  grantId: string,
  now: Date,
  options: { clientId?: string } = {},
): Promise<boolean> {
  const rows = await runQuery<{ id: string }>(source, {
    sql: `update oauth_grants set revoked_at = ?::timestamptz
          where id = ? and revoked_at is null${options.clientId === undefined ? '' : ' and client_id = ?'}
          returning id`,
    params: [now.toISOString(), grantId, ...(options.clientId === undefined ? [] : [options.clientId])],
  });
  return rows.length > 0;
}

/** What a standing grant binds its tokens to, and what bounds the scopes it could ever carry. */
export interface StandingGrant {
  client_id: string;
  user_id: string;
  business_id: string;
  /** The client's registered scopes (space-separated): no authorization of it asks for more. */
  client_scope: string;
  /** The user's membership role in the business: whether their consent may carry write scopes. */
  role: string;
}

/**
 * The grant with this id while it still stands: not revoked, its client still registered, its
 * user still a member of its business. Undefined otherwise.
 */
export async function findStandingGrant(source: SqlSource, grantId: string): Promise<StandingGrant | undefined> {
  const grants = await runQuery<StandingGrant>(source, {
    sql: `select g.client_id, g.user_id, g.business_id, c.scope as client_scope, m.role
            from oauth_grants g
            join oauth_clients c on c.client_id = g.client_id
            join memberships m on m.business_id = g.business_id and m.user_id = g.user_id
            where g.id = ? and g.revoked_at is null`,
    params: [grantId],
  });
  return grants[0];
}

/** A grant with its client and business, and what its tokens say about it (see grantRecords). */
export interface GrantRow {
  id: string;
  client_id: string;
  client_name: string | null;
  user_id: string;
  business_id: string;
  business_slug: string;
  business_name: string;
  scope: string;
  resource: string;
  created_at: Date;
  revoked_at: Date | null;
  /** The last time one of its refresh tokens was exchanged. */
  last_refreshed_at: Date | null;
  /** Whether its code was exchanged. */
  exchanged: boolean;
  /** Whether it has a refresh token that is unused and unexpired at `now`. */
  refreshable: boolean;
  /** When it last issued tokens (its code's exchange or its newest refresh token). */
  last_issued_at: Date | null;
}

/** Grants with their client and business, newest first, selected by user (revoked ones only with `includeRevoked`) or by id. */
export async function findGrantRows(
  source: SqlSource,
  where: { userId: string; includeRevoked: boolean } | { grantId: string },
  now: Date,
): Promise<GrantRow[]> {
  const filter =
    'grantId' in where ? 'g.id = ?' : `g.user_id = ?${where.includeRevoked ? '' : ' and g.revoked_at is null'}`;
  return runQuery<GrantRow>(source, {
    sql: `select g.id, g.client_id, c.client_name, g.user_id, g.business_id, b.slug as business_slug, b.name as business_name,
                 g.scope, g.resource, g.created_at, g.revoked_at,
                 (select max(t.used_at) from oauth_refresh_tokens t where t.grant_id = g.id) as last_refreshed_at,
                 exists (select 1 from oauth_authorization_codes ac where ac.grant_id = g.id and ac.used_at is not null) as exchanged,
                 exists (select 1 from oauth_refresh_tokens t where t.grant_id = g.id and t.used_at is null and t.expires_at > ?::timestamptz) as refreshable,
                 greatest((select max(ac.used_at) from oauth_authorization_codes ac where ac.grant_id = g.id),
                          (select max(t.created_at) from oauth_refresh_tokens t where t.grant_id = g.id)) as last_issued_at
          from oauth_grants g
          join oauth_clients c on c.client_id = g.client_id
          join businesses b on b.id = g.business_id
          where ${filter}
          order by g.created_at desc, g.id desc`,
    params: [now.toISOString(), 'grantId' in where ? where.grantId : where.userId],
  });
}
