import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { hashOAuthSecret } from '../../core/services/oauth/authorization-codes.ts';
import {
  authorizedParty,
  exchange,
  expectOAuthError,
  expectTokenResponse,
  issueCode,
  postForm,
  refreshParams,
  tokenEndpoint,
  type AuthorizedParty,
  type TokenResponseBody,
} from './token-flow-fixtures.ts';
import { sql } from '../helpers/sql.ts';
import { verify } from './token-fixtures.ts';

async function refresh(
  party: AuthorizedParty,
  refreshToken: string,
  overrides: Record<string, string | undefined> = {},
) {
  return postForm<TokenResponseBody>(tokenEndpoint(), refreshParams(party, refreshToken, overrides));
}

/** Moves a refresh token's rotation into the past, as if it had been used `seconds` ago. */
async function rotatedSecondsAgo(refreshToken: string, seconds: number): Promise<void> {
  await sql(`update oauth_refresh_tokens set used_at = now() - make_interval(secs => ?) where token_hash = ?`, [
    seconds,
    hashOAuthSecret(refreshToken),
  ]);
}

const revokedAt = async (grantId: string) =>
  (await sql<{ revoked_at: Date | null }>('select revoked_at from oauth_grants where id = ?', [grantId]))[0]!
    .revoked_at;

describe('OAuth token endpoint: the refresh_token grant', () => {
  let party: AuthorizedParty;
  before(async () => {
    party = await authorizedParty();
  });

  async function start(scope = 'mcp:read mcp:customers:write') {
    const code = await issueCode(party, { scope });
    return { code, tokens: await exchange(party, code) };
  }

  it('revokes the grant when a rotated refresh token is presented after the 10-second grace window', async () => {
    const { code, tokens } = await start();
    const second = await refresh(party, tokens.refresh_token!);
    expectTokenResponse(second);
    await rotatedSecondsAgo(tokens.refresh_token!, 11);

    expectOAuthError(await refresh(party, tokens.refresh_token!), 400, 'invalid_grant', 'already used');
    expect(await revokedAt(code.grantId)).to.not.equal(null);
    // Everything of the grant is dead: the newest refresh token, and every access token.
    expectOAuthError(await refresh(party, second.body.refresh_token!), 400, 'invalid_grant', 'revoked');
    expect(await verify(second.body.access_token)).to.equal(undefined);
    expect(await verify(tokens.access_token)).to.equal(undefined);
  });

  it('answers a replay within the grace window with the same successor refresh token and a fresh access token: one chain', async () => {
    const { code, tokens } = await start();
    const first = await refresh(party, tokens.refresh_token!);
    expectTokenResponse(first);
    await rotatedSecondsAgo(tokens.refresh_token!, 9);
    const replay = await refresh(party, tokens.refresh_token!);
    expectTokenResponse(replay);
    expect(replay.body.refresh_token).to.equal(first.body.refresh_token);
    expect(replay.body.access_token).not.to.equal(first.body.access_token);
    expect(await verify(replay.body.access_token)).not.to.equal(undefined);
    expect(await revokedAt(code.grantId)).to.equal(null);
    // The grant holds exactly two refresh tokens: the rotated one and its single successor.
    const chain = await sql<{ token_hash: string }>(
      'select token_hash from oauth_refresh_tokens where grant_id = ? order by created_at',
      [code.grantId],
    );
    expect(chain.map((row) => row.token_hash)).to.have.members([
      hashOAuthSecret(tokens.refresh_token!),
      hashOAuthSecret(first.body.refresh_token!),
    ]);
    // The successor still works after the replay, and the chain goes on from it.
    const next = await refresh(party, first.body.refresh_token!);
    expectTokenResponse(next);
    // The window counts from the first rotation: the replay did not move it.
    const [row] = await sql<{ age: number }>(
      'select extract(epoch from now() - used_at)::float as age from oauth_refresh_tokens where token_hash = ?',
      [hashOAuthSecret(tokens.refresh_token!)],
    );
    expect(row!.age).to.be.at.least(9);
    // Once the successor itself was rotated, a replay of the first token still answers the same successor (never a new one).
    expect((await refresh(party, tokens.refresh_token!)).body.refresh_token).to.equal(first.body.refresh_token);
    // Someone who replayed and kept the successor is on the one chain: presenting it after its window revokes the grant.
    await rotatedSecondsAgo(first.body.refresh_token!, 11);
    expectOAuthError(await refresh(party, first.body.refresh_token!), 400, 'invalid_grant', 'already used');
    expect(await revokedAt(code.grantId)).to.not.equal(null);
    expectOAuthError(await refresh(party, next.body.refresh_token!), 400, 'invalid_grant', 'revoked');
  });

  it("narrows a replay's scope from the successor's: never wider than the rotation granted", async () => {
    const { tokens } = await start('mcp:read mcp:customers:write');
    const first = await refresh(party, tokens.refresh_token!, { scope: 'mcp:read' });
    expect(first.body.scope).to.equal('mcp:read');
    expectOAuthError(
      await refresh(party, tokens.refresh_token!, { scope: 'mcp:read mcp:customers:write' }),
      400,
      'invalid_scope',
    );
    const replay = await refresh(party, tokens.refresh_token!);
    expectTokenResponse(replay);
    expect(replay.body.scope).to.equal('mcp:read');
    expect(replay.body.refresh_token).to.equal(first.body.refresh_token);
    expect((await verify(replay.body.access_token))?.scopes).to.deep.equal(['mcp:read']);
  });

  it('refuses, without revoking, a replay whose successor does not match (the key-encryption key changed meanwhile)', async () => {
    const { code, tokens } = await start();
    const first = await refresh(party, tokens.refresh_token!);
    expectTokenResponse(first);
    // As if another key had derived the successor: the stored hash no longer matches this key's derivation.
    await sql('update oauth_refresh_tokens set token_hash = ? where token_hash = ?', [
      hashOAuthSecret('another-key-successor'),
      hashOAuthSecret(first.body.refresh_token!),
    ]);
    await sql('update oauth_refresh_tokens set replaced_by = ? where token_hash = ?', [
      hashOAuthSecret('another-key-successor'),
      hashOAuthSecret(tokens.refresh_token!),
    ]);
    expectOAuthError(await refresh(party, tokens.refresh_token!), 400, 'invalid_grant', 'already used');
    expect(await revokedAt(code.grantId)).to.equal(null);
  });

  it('serves 10 concurrent refreshes of one token with one successor: every one answers a pair, the grant stays, one chain', async () => {
    const { code, tokens } = await start();
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(party, tokens.refresh_token!)));
    for (const answer of answers) expectTokenResponse(answer);
    expect(new Set(answers.map((answer) => answer.body.refresh_token)).size).to.equal(1);
    expect(new Set(answers.map((answer) => answer.body.access_token)).size).to.equal(10);
    expect(await revokedAt(code.grantId)).to.equal(null);
    const [row] = await sql<{ replaced_by: string }>(
      'select replaced_by from oauth_refresh_tokens where token_hash = ?',
      [hashOAuthSecret(tokens.refresh_token!)],
    );
    expect(row!.replaced_by).to.equal(hashOAuthSecret(answers[0]!.body.refresh_token!));
    const [count] = await sql<{ n: number }>('select count(*)::int as n from oauth_refresh_tokens where grant_id = ?', [
      code.grantId,
    ]);
    expect(count!.n).to.equal(2);
    expectTokenResponse(await refresh(party, answers[0]!.body.refresh_token!));
  });

  it('narrows the scope on request: the new tokens carry the narrower scope, and it never widens again', async () => {
    const { tokens } = await start('mcp:read mcp:customers:write');
    const narrowed = await refresh(party, tokens.refresh_token!, { scope: 'mcp:read' });
    expectTokenResponse(narrowed);
    expect(narrowed.body.scope).to.equal('mcp:read');
    expect(decodeJwt(narrowed.body.access_token).scope).to.equal('mcp:read');
    expect((await verify(narrowed.body.access_token))?.scopes).to.deep.equal(['mcp:read']);
    // Omitted scope keeps the narrowed one; asking for the dropped scope back is invalid_scope.
    const kept = await refresh(party, narrowed.body.refresh_token!);
    expect(kept.body.scope).to.equal('mcp:read');
    expectOAuthError(
      await refresh(party, kept.body.refresh_token!, { scope: 'mcp:read mcp:customers:write' }),
      400,
      'invalid_scope',
      'mcp:customers:write',
    );
    // A refused request consumed nothing: the same refresh token still works.
    expectTokenResponse(await refresh(party, kept.body.refresh_token!));
  });

  it('refuses a wider, unknown or malformed scope with invalid_scope, and keeps the granted order for a subset', async () => {
    const { tokens } = await start('mcp:read mcp:customers:write');
    for (const scope of ['mcp:read mcp:write', 'mcp:jobs:write', 'admin', 'mcp:read "quoted"', ' ']) {
      expectOAuthError(await refresh(party, tokens.refresh_token!, { scope }), 400, 'invalid_scope');
    }
    const reordered = await refresh(party, tokens.refresh_token!, { scope: 'mcp:customers:write mcp:read mcp:read' });
    expectTokenResponse(reordered);
    expect(reordered.body.scope).to.equal('mcp:read mcp:customers:write');
  });

  it("refuses unknown, expired, another client's and revoked-grant refresh tokens with invalid_grant", async () => {
    expectOAuthError(await refresh(party, 'A'.repeat(43)), 400, 'invalid_grant');
    expectOAuthError(
      await refresh(party, 'A'.repeat(43), { refresh_token: undefined }),
      400,
      'invalid_request',
      'refresh_token',
    );

    const expired = await start();
    await sql(`update oauth_refresh_tokens set expires_at = now() - interval '1 second' where token_hash = ?`, [
      hashOAuthSecret(expired.tokens.refresh_token!),
    ]);
    expectOAuthError(await refresh(party, expired.tokens.refresh_token!), 400, 'invalid_grant', 'expired');

    const stolen = await start();
    const thief = await authorizedParty();
    expectOAuthError(await refresh(thief, stolen.tokens.refresh_token!), 400, 'invalid_grant');
    expect(await revokedAt(stolen.code.grantId)).to.equal(null);
    expectTokenResponse(await refresh(party, stolen.tokens.refresh_token!));

    const revoked = await start();
    await sql('update oauth_grants set revoked_at = now() where id = ?', [revoked.code.grantId]);
    expectOAuthError(await refresh(party, revoked.tokens.refresh_token!), 400, 'invalid_grant', 'revoked');
  });

  it('drops the write scopes of a user who is now a plain member of the business (only an owner or admin may grant writes)', async () => {
    const demoted = await authorizedParty();
    const tokens = await exchange(demoted, await issueCode(demoted, { scope: 'mcp:read mcp:customers:write' }));
    const writeOnly = await exchange(demoted, await issueCode(demoted, { scope: 'mcp:customers:write' }));
    await sql(`update memberships set role = 'member' where user_id = ? and business_id = ?`, [
      demoted.userId,
      demoted.businessId,
    ]);
    const reads = await refresh(demoted, tokens.refresh_token!);
    expectTokenResponse(reads);
    expect(reads.body.scope).to.equal('mcp:read');
    expect((await verify(reads.body.access_token))?.scopes).to.deep.equal(['mcp:read']);
    expect((await refresh(demoted, reads.body.refresh_token!)).body.scope).to.equal('mcp:read');
    expectOAuthError(await refresh(demoted, writeOnly.refresh_token!), 400, 'invalid_grant', 'role');
  });

  it('refuses the refresh token of a user who left the business', async () => {
    const leaver = await authorizedParty();
    const tokens = await exchange(leaver, await issueCode(leaver));
    await sql('delete from memberships where user_id = ? and business_id = ?', [leaver.userId, leaver.businessId]);
    expectOAuthError(await refresh(leaver, tokens.refresh_token!), 400, 'invalid_grant');
  });
});
