import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/index.ts';
import { inTransaction } from '../sql/transaction.ts';
import { hashOAuthSecret } from './authorization-codes.ts';
import { isWriteScope, roleMayGrantWrites } from './authorize/consent-scopes.ts';
import { revokeGrantHere } from './grant-revocation.ts';
import type { OAuthCaches } from './oauth-caches.ts';
import type { PublicClient } from './public-client.ts';
import { REFRESH_REUSE_GRACE_SECONDS } from './refresh-tokens.ts';
import {
  findRefreshTokenScope,
  lockRefreshTokenForExchange,
  type RefreshTokenForExchange as RefreshRow,
} from './refresh-tokens.query.ts';
import { checkResource } from './resource-indicator.ts';
import { narrowedScope } from './scope-parameter.ts';
import { successorRefreshToken } from './refresh-successor.ts';
import { issueTokenPair, type AccessTokenSigning, type GrantForTokens, type TokenResponse } from './token-pair.ts';

export interface RefreshExchangeInput {
  em: EntityManager;
  caches: OAuthCaches;
  now: Date;
  client: PublicClient;
  refreshToken: string;
  /** The `scope` parameter, if sent: a subset of the refresh token's scope. */
  scope: string | undefined;
  resources: readonly string[];
  /** The resources tokens are issued for (the grant's must be one). */
  issuableResources: readonly string[];
  signing: AccessTokenSigning;
}

const invalidGrant = (message: string) => new AppError('OAUTH_INVALID_GRANT', message);

type Outcome = { tokens: TokenResponse } | { refusal: AppError };

/**
 * The scope of the new tokens: `requested` narrowed from `granted` (invalid_scope when wider), less
 * the write scopes when the user's role in the business no longer lets them grant writes (an owner
 * or admin who became a plain member): the grant lives on read-only, and a grant that had only
 * write scopes ends (invalid_grant).
 */
function scopeFor(requested: string | undefined, granted: string, role: string): string | AppError {
  let scope: string;
  try {
    scope = narrowedScope(requested, granted);
  } catch (error) {
    return error as AppError;
  }
  if (roleMayGrantWrites(role)) return scope;
  const reads = scope.split(' ').filter((entry) => entry.length > 0 && !isWriteScope(entry));
  return reads.length > 0
    ? reads.join(' ')
    : invalidGrant(
        'Your role in the business no longer lets you grant this application write access: authorize again.',
      );
}

function grantOf(row: RefreshRow): GrantForTokens {
  return {
    grantId: row.grant_id,
    clientId: row.client_id,
    userId: row.user_id,
    businessId: row.business_id,
    resource: row.resource,
  };
}

/**
 * A rotated token presented again within the grace window: a fresh access token and the successor
 * refresh token the rotation issued (derived again, checked against the stored hash), never a new
 * refresh token. Nothing is written.
 */
async function replayWithinGrace(
  tx: EntityManager,
  input: RefreshExchangeInput,
  row: RefreshRow,
  presentedHash: string,
): Promise<Outcome> {
  const successor = successorRefreshToken(input.signing.kek, presentedHash);
  // Read in a statement of its own, after the lock: a request that waited for the rotating one gets
  // its locked row re-checked by PostgreSQL, but the rows joined to it stay as they were before the
  // rotation (no successor yet).
  const successorRow =
    row.replaced_by === hashOAuthSecret(successor) ? await findRefreshTokenScope(tx, row.replaced_by) : undefined;
  if (!successorRow)
    return {
      refusal: invalidGrant('The refresh token was already used: present the refresh token issued in its place.'),
    };
  const scope = scopeFor(input.scope, successorRow.scope, row.member_role!);
  if (typeof scope !== 'string') return { refusal: scope };
  const resourceRefusal = checkResource(input.resources, row.resource, input.issuableResources);
  if (resourceRefusal) return { refusal: resourceRefusal };
  const { response } = await issueTokenPair(tx, {
    grant: grantOf(row),
    scope,
    now: input.now,
    signing: input.signing,
    withRefreshToken: false,
    activeKid: row.active_kid,
  });
  return {
    tokens: {
      access_token: response.access_token,
      token_type: response.token_type,
      expires_in: response.expires_in,
      refresh_token: successor,
      scope,
    },
  };
}

/**
 * RFC 6749 section 6 with rotation (OAuth 2.0 Security BCP, RFC 9700 section 4.14.2): the presented
 * refresh token is consumed and replaced by a new one, with a new access token. Its row is locked
 * for the exchange (`for update`), so concurrent refreshes of one token are serialised: the first
 * rotates, the others find it rotated.
 *
 * - Reuse of a consumed token more than 10 seconds after its rotation is treated as theft: the
 *   grant is revoked (every access and refresh token of it dies) and the request fails.
 * - Within those 10 seconds (two refreshes of one client racing, or a retry after a lost
 *   response) the request gets a fresh access token and the SAME successor refresh token the
 *   rotation issued: the successor is derived from the presented token's hash under the
 *   key-encryption key (successorRefreshToken), so it can be answered again although only its hash
 *   is stored. A replay therefore never starts a second chain: whoever replays holds the one
 *   chain the client holds, and the next reuse of any of its tokens is seen and revokes the grant.
 *   The window counts from the first rotation and does not slide. The replay's scope narrows from
 *   the successor's (what the rotation granted), and a replay that cannot be matched to its
 *   successor (the key-encryption key changed meanwhile) is refused without revoking.
 * - `scope` narrows: it must be a subset of the presented token's scope (invalid_scope otherwise),
 *   and the new access and refresh tokens carry the narrowed scope, so it never widens again.
 * - Unknown, expired (30 days), another client's, or of a revoked grant or a user who left the
 *   business: invalid_grant, changing nothing. A user who is now a plain member of the business
 *   (no longer owner or admin) gets read scopes only (see scopeFor).
 *
 * Does NOT cover: client authentication (public clients) or whether the client registered the
 * refresh_token grant type (the procedure checks that first).
 */
export async function exchangeRefreshToken(input: RefreshExchangeInput): Promise<TokenResponse> {
  const { now } = input;
  const presentedHash = hashOAuthSecret(input.refreshToken);
  const outcome = await inTransaction(input.em, async (tx): Promise<Outcome> => {
    const row = await lockRefreshTokenForExchange(tx, presentedHash);
    if (!row || row.client_id !== input.client.clientId)
      return { refusal: invalidGrant('The refresh token is not valid.') };
    if (row.revoked_at !== null || row.member_role === null)
      return { refusal: invalidGrant('The authorization was revoked: authorize again.') };
    const usedAt = row.used_at === null ? undefined : new Date(row.used_at);
    if (usedAt && now.getTime() - usedAt.getTime() > REFRESH_REUSE_GRACE_SECONDS * 1000) {
      await revokeGrantHere(input.caches.grantStates, tx, row.grant_id, now);
      return {
        refusal: invalidGrant(
          'The refresh token was already used: the authorization is revoked, with every token issued from it. Authorize again.',
        ),
      };
    }
    if (usedAt) return replayWithinGrace(tx, input, row, presentedHash);
    if (new Date(row.expires_at).getTime() <= now.getTime())
      return { refusal: invalidGrant('The refresh token has expired: authorize again.') };
    const scope = scopeFor(input.scope, row.scope, row.member_role);
    if (typeof scope !== 'string') return { refusal: scope };
    const resourceRefusal = checkResource(input.resources, row.resource, input.issuableResources);
    if (resourceRefusal) return { refusal: resourceRefusal };

    const { response } = await issueTokenPair(tx, {
      grant: grantOf(row),
      scope,
      now,
      signing: input.signing,
      withRefreshToken: true,
      refreshSecret: successorRefreshToken(input.signing.kek, presentedHash),
      // The presented token is marked used, replaced by this one, in the new token's own statement.
      consumes: { rotatedHash: presentedHash },
      activeKid: row.active_kid,
    });
    return { tokens: response };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.tokens;
}
