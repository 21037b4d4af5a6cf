import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/index.ts';
import { inTransaction } from '../sql/transaction.ts';
import { hashOAuthSecret } from './authorization-codes.ts';
import { lockCodeForExchange, markCodeUsed } from './authorization-codes.query.ts';
import { revokeGrantHere } from './grant-revocation.ts';
import { verifierMatchesChallenge } from './pkce.ts';
import type { PublicClient } from './public-client.ts';
import { checkResource } from './resource-indicator.ts';
import { issueTokenPair, type AccessTokenSigning, type TokenResponse } from './token-pair.ts';

export interface CodeExchangeInput {
  em: EntityManager;
  now: Date;
  client: PublicClient;
  code: string;
  redirectUri: string;
  /** Already checked for RFC 7636's shape. */
  codeVerifier: string;
  /** RFC 8707 `resource` parameters of the token request (none: the grant's resource). */
  resources: readonly string[];
  /** The one resource tokens are issued for: the MCP resource. */
  expectedResource: string;
  signing: AccessTokenSigning;
}

const invalidGrant = (message: string) => new AppError('OAUTH_INVALID_GRANT', message);

/** What the transaction decided: tokens, or a refusal to throw once it has committed. */
type Outcome = { tokens: TokenResponse } | { refusal: AppError };

/**
 * RFC 6749 section 4.1.3 with RFC 7636 and RFC 8707: exchanges a single-use authorization code.
 * The code's row is locked (SELECT ... FOR UPDATE) for the whole exchange, so of two concurrent
 * exchanges one wins and the other sees a used code. A used code is a leaked code (RFC 6749
 * section 10.5): its grant is revoked, which ends every token issued from it, and the request
 * fails. Otherwise any of these is invalid_grant, changing nothing: unknown code, another client's,
 * expired (60 s), grant revoked or its user no longer a member of the business, redirect_uri not
 * the authorization request's, verifier not matching the S256 challenge. A `resource` other than
 * the grant's (or a grant not for the MCP resource) is invalid_target. On success the code is
 * marked used in the same transaction that issues the tokens.
 *
 * Does NOT cover: client authentication (public clients; see identifyPublicClient) and the
 * verifier's shape (checked before, as invalid_request).
 */
export async function exchangeAuthorizationCode(input: CodeExchangeInput): Promise<TokenResponse> {
  const { now } = input;
  const outcome = await inTransaction(input.em, async (tx): Promise<Outcome> => {
    const row = await lockCodeForExchange(tx, hashOAuthSecret(input.code));
    if (!row) return { refusal: invalidGrant('The authorization code is not valid.') };
    if (row.used_at !== null) {
      await revokeGrantHere(tx, row.grant_id, now);
      return {
        refusal: invalidGrant(
          'The authorization code was already used: the authorization is revoked, with every token issued from it. Authorize again.',
        ),
      };
    }
    if (row.client_id !== input.client.clientId)
      return { refusal: invalidGrant('The authorization code is not valid.') };
    if (new Date(row.expires_at).getTime() <= now.getTime())
      return { refusal: invalidGrant('The authorization code has expired (codes live 60 seconds): authorize again.') };
    if (row.revoked_at !== null || !row.is_member)
      return { refusal: invalidGrant('The authorization was revoked: authorize again.') };
    if (row.redirect_uri !== input.redirectUri) {
      return { refusal: invalidGrant('redirect_uri does not match the redirect URI of the authorization request.') };
    }
    if (!verifierMatchesChallenge(input.codeVerifier, row.code_challenge)) {
      return { refusal: invalidGrant('code_verifier does not match the code challenge of the authorization request.') };
    }
    const resourceRefusal = checkResource(input.resources, row.resource, input.expectedResource);
    if (resourceRefusal) return { refusal: resourceRefusal };

    const codeHash = hashOAuthSecret(input.code);
    const withRefreshToken = input.client.grantTypes.includes('refresh_token');
    // With a refresh token, the code is marked used by the refresh token's own statement.
    if (!withRefreshToken) await markCodeUsed(tx, codeHash, now);
    const { response } = await issueTokenPair(tx, {
      grant: {
        grantId: row.grant_id,
        clientId: row.client_id,
        userId: row.user_id,
        businessId: row.business_id,
        resource: row.resource,
      },
      scope: row.scope,
      now,
      signing: input.signing,
      withRefreshToken,
      ...(withRefreshToken ? { consumes: { codeHash } } : {}),
      activeKid: row.active_kid,
    });
    return { tokens: response };
  });
  // Thrown only now: a refusal that revoked a grant must commit that revocation.
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.tokens;
}
