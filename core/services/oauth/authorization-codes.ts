import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../sql/transaction.ts';
import { insertAuthorizationCode } from './authorization-codes.query.ts';
import { insertGrant } from './grants.query.ts';

/** How long an authorization code may be exchanged (60 seconds, as the protocol design fixes it; docs/oauth.md). */
const AUTHORIZATION_CODE_TTL_SECONDS = 60;

/**
 * SHA-256 (hex) of a code or refresh token: what the database keeps instead of the secret. The
 * secrets are 256 random bits, so a plain hash is enough (no salt or stretching needed), and a
 * lookup by hash compares in the index rather than in JavaScript.
 */
export function hashOAuthSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A new random secret for a code or refresh token: 32 bytes, base64url (43 characters). */
export function newOAuthSecret(): string {
  return randomBytes(32).toString('base64url');
}

export interface IssueAuthorizationInput {
  em: EntityManager;
  now: Date;
  clientId: string;
  userId: string;
  businessId: string;
  /** Space-separated scopes the user consented to (already narrowed to what the client may ask). */
  scope: string;
  /** The RFC 8707 resource (the MCP resource URL). */
  resource: string;
  /** The redirect URI of the authorization request, exactly as sent (the token request must repeat it). */
  redirectUri: string;
  /** The S256 code challenge of the request. */
  codeChallenge: string;
}

export interface IssuedAuthorization {
  grantId: string;
  /** The authorization code to redirect with; only its hash is stored. */
  code: string;
  expiresAt: Date;
}

/**
 * Records a user's consent as a new grant and issues its single authorization code, in one
 * transaction. One grant per authorization: every token issued from a code belongs to that code's
 * grant, so revoking the grant (code reuse, refresh-token reuse, the user's revocation) ends
 * exactly the tokens issued from it.
 */
export async function issueAuthorization(input: IssueAuthorizationInput): Promise<IssuedAuthorization> {
  const grantId = randomUUID();
  const code = newOAuthSecret();
  const expiresAt = new Date(input.now.getTime() + AUTHORIZATION_CODE_TTL_SECONDS * 1000);
  await inTransaction(input.em, async (tx) => {
    const { clientId, userId, businessId, scope, resource, redirectUri, codeChallenge, now } = input;
    await insertGrant(tx, { grantId, clientId, userId, businessId, scope, resource, now });
    await insertAuthorizationCode(tx, {
      codeHash: hashOAuthSecret(code),
      grantId,
      redirectUri,
      codeChallenge,
      expiresAt,
      now,
    });
  });
  return { grantId, code, expiresAt };
}
