import { runQuery, type SqlSource } from '../sql/query.ts';
import { ACTIVE_KID_COLUMN } from './signing-keys.query.ts';

/** Stores an authorization code of a grant by its hash. */
export async function insertAuthorizationCode(
  source: SqlSource,
  code: { codeHash: string; grantId: string; redirectUri: string; codeChallenge: string; expiresAt: Date; now: Date },
): Promise<void> {
  await runQuery(source, {
    sql: `insert into oauth_authorization_codes (code_hash, grant_id, redirect_uri, code_challenge, expires_at, created_at)
            values (?, ?, ?, ?, ?::timestamptz, ?::timestamptz)`,
    params: [
      code.codeHash,
      code.grantId,
      code.redirectUri,
      code.codeChallenge,
      code.expiresAt.toISOString(),
      code.now.toISOString(),
    ],
  });
}

/** A code with its grant, as the exchange checks it, and whether this statement consumed it. */
export interface CodeForExchange {
  grant_id: string;
  redirect_uri: string;
  code_challenge: string;
  expires_at: Date;
  /** As the statement's snapshot saw it: a code consumed by a concurrent exchange may still read null. */
  used_at: Date | null;
  client_id: string;
  user_id: string;
  business_id: string;
  scope: string;
  resource: string;
  revoked_at: Date | null;
  /** Whether the grant's user is still a member of its business. */
  is_member: boolean;
  /** The kid of the key that signs now (see ACTIVE_KID_COLUMN); null before the first key exists. */
  active_kid: string | null;
  /** Whether this statement marked the code used (and stored the refresh token, when asked to). */
  consumed: boolean;
}

/** What a code must match to be consumed: the token request, checked in the consuming statement. */
export interface CodeRedemption {
  codeHash: string;
  now: Date;
  clientId: string;
  redirectUri: string;
  /** BASE64URL(SHA256(code_verifier)): the S256 challenge the verifier answers. */
  challenge: string;
  /** The resources tokens are issued for: the grant's must be one of them. */
  issuableResources: readonly string[];
  /** The request's own `resource` parameters: each must name the grant's resource (none: the grant's). */
  requestedResources: readonly string[];
  /** The refresh token to store with the consumption (a client that uses them); none: no refresh token. */
  refreshToken?: { hash: string; expiresAt: Date };
}

/**
 * Redeems an authorization code in ONE statement, without an explicit transaction: reads the code
 * with its grant (and the active signing key's id), marks it used only if it is unused and every
 * condition of a successful exchange holds (the client, the 60 s expiry, a live grant whose user is
 * still a member, the redirect URI, the S256 challenge, the resource), and in the same statement
 * stores the new refresh token of the grant. Single use rests on the conditional update: of
 * concurrent redemptions PostgreSQL lets one update the row, and re-checks `used_at is null` for the
 * others once it commits, so they report `consumed = false`. A refused request consumes nothing.
 * The row comes back whatever happened, so the caller can tell which check refused it.
 */
export async function redeemAuthorizationCode(
  source: SqlSource,
  redemption: CodeRedemption,
): Promise<CodeForExchange | undefined> {
  const now = redemption.now.toISOString();
  const refresh = redemption.refreshToken;
  const requested = [...new Set(redemption.requestedResources)];
  // Two different resources can never both be the grant's: nothing is consumed.
  const requestedResource = requested.length === 1 ? requested[0]! : null;
  const issuable = redemption.issuableResources;
  const [row] = await runQuery<CodeForExchange>(source, {
    sql: `with code as (
              select c.code_hash, c.grant_id, c.redirect_uri, c.code_challenge, c.expires_at, c.used_at,
                     g.client_id, g.user_id, g.business_id, g.scope, g.resource, g.revoked_at,
                     exists (select 1 from memberships m where m.business_id = g.business_id and m.user_id = g.user_id) as is_member
              from oauth_authorization_codes c
              join oauth_grants g on g.id = c.grant_id
              where c.code_hash = ?
            ),
            consumed as (
              update oauth_authorization_codes c set used_at = ?::timestamptz
              from code
              where c.code_hash = code.code_hash and c.used_at is null and ?::boolean
                and code.client_id = ? and code.expires_at > ?::timestamptz
                and code.revoked_at is null and code.is_member
                and code.redirect_uri = ? and code.code_challenge = ?
                and code.resource in (${issuable.map(() => '?').join(', ')})
                and (?::text is null or code.resource = ?::text)
              returning c.grant_id, code.scope
            ),
            refreshed as (
              insert into oauth_refresh_tokens (token_hash, grant_id, scope, expires_at, created_at)
              select ?, grant_id, scope, ?::timestamptz, ?::timestamptz from consumed where ?::boolean
            )
            select code.grant_id, code.redirect_uri, code.code_challenge, code.expires_at, code.used_at,
                   code.client_id, code.user_id, code.business_id, code.scope, code.resource, code.revoked_at,
                   code.is_member, ${ACTIVE_KID_COLUMN}, exists (select 1 from consumed) as consumed
            from code`,
    params: [
      redemption.codeHash,
      now,
      requested.length <= 1,
      redemption.clientId,
      now,
      redemption.redirectUri,
      redemption.challenge,
      ...issuable,
      requestedResource,
      requestedResource,
      refresh?.hash ?? '',
      (refresh?.expiresAt ?? redemption.now).toISOString(),
      now,
      refresh !== undefined,
    ],
  });
  return row;
}
