import { expect } from 'chai';
import { request } from '../helpers/http.ts';
import {
  authorizedParty,
  codeExchangeParams,
  exchange,
  expectOAuthError,
  expectTokenResponse,
  issueCode,
  newVerifier,
  postForm,
  refreshParams,
  tokenEndpoint,
  type AuthorizedParty,
} from './token-flow-fixtures.ts';
import { sql } from '../helpers/sql.ts';
import { verify } from './token-fixtures.ts';

describe('OAuth token endpoint: refusals of the authorization_code grant', () => {
  let party: AuthorizedParty;
  before(async () => {
    party = await authorizedParty();
  });

  const grantRevokedAt = async (grantId: string) =>
    (await sql<{ revoked_at: Date | null }>('select revoked_at from oauth_grants where id = ?', [grantId]))[0]!
      .revoked_at;

  it('requires code_verifier, and refuses one of the wrong shape (43..128 unreserved characters) with invalid_request', async () => {
    const issued = await issueCode(party);
    expectOAuthError(
      await postForm(tokenEndpoint(), codeExchangeParams(party, issued, { code_verifier: undefined })),
      400,
      'invalid_request',
      'code_verifier',
    );
    for (const bad of [
      'a'.repeat(42),
      'a'.repeat(129),
      `${'a'.repeat(42)}!`,
      `${'a'.repeat(42)} `,
      `${'a'.repeat(42)}é`,
    ]) {
      expectOAuthError(
        await postForm(tokenEndpoint(), codeExchangeParams(party, issued, { code_verifier: bad })),
        400,
        'invalid_request',
        'code_verifier',
      );
    }
    // The boundaries are accepted as shapes (and then fail the challenge): 43 and 128 characters.
    for (const edge of ['a'.repeat(43), `${'-._~'.repeat(32)}`]) {
      expectOAuthError(
        await postForm(tokenEndpoint(), codeExchangeParams(party, issued, { code_verifier: edge })),
        400,
        'invalid_grant',
        'code_verifier',
      );
    }
    // None of that consumed the code.
    await exchange(party, issued);
  });

  it('refuses a verifier that does not match the S256 challenge with invalid_grant, consuming nothing', async () => {
    const issued = await issueCode(party);
    expectOAuthError(
      await postForm(tokenEndpoint(), codeExchangeParams(party, issued, { code_verifier: newVerifier() })),
      400,
      'invalid_grant',
      'code_verifier',
    );
    // The challenge itself is not a verifier of itself (no "plain" method).
    const { createHash } = await import('node:crypto');
    const challenge = createHash('sha256').update(issued.verifier).digest('base64url');
    expectOAuthError(
      await postForm(tokenEndpoint(), codeExchangeParams(party, issued, { code_verifier: challenge })),
      400,
      'invalid_grant',
    );
    await exchange(party, issued);
  });

  it("refuses a reused code, revokes its grant: the first exchange's access token stops verifying and its refresh token is dead", async () => {
    const issued = await issueCode(party);
    const first = await exchange(party, issued);
    expect(await verify(first.access_token)).to.not.equal(undefined);
    expect(await grantRevokedAt(issued.grantId)).to.equal(null);

    expectOAuthError(
      await postForm(tokenEndpoint(), codeExchangeParams(party, issued)),
      400,
      'invalid_grant',
      'already used',
    );
    expect(await grantRevokedAt(issued.grantId)).to.not.equal(null);
    expect(await verify(first.access_token)).to.equal(undefined);
    expectOAuthError(await postForm(tokenEndpoint(), refreshParams(party, first.refresh_token!)), 400, 'invalid_grant');
    // Another grant of the same client and user is untouched.
    await exchange(party, await issueCode(party));
  });

  it("lets only one of three concurrent exchanges of a code succeed, and the loser revokes the winner's grant", async () => {
    const issued = await issueCode(party);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        postForm<{ access_token?: string; error?: string }>(tokenEndpoint(), codeExchangeParams(party, issued)),
      ),
    );
    const won = answers.filter((answer) => answer.status === 200);
    expect(won, answers.map((answer) => answer.text).join('\n')).to.have.length(1);
    for (const lost of answers.filter((answer) => answer.status !== 200)) expectOAuthError(lost, 400, 'invalid_grant');
    expect(await verify(won[0]!.body.access_token!)).to.equal(undefined);
  });

  it('lets only one of 50 concurrent exchanges of a code consume it (the conditional update is the single-use guard)', async () => {
    const issued = await issueCode(party);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        postForm<{ access_token?: string; refresh_token?: string }>(tokenEndpoint(), codeExchangeParams(party, issued)),
      ),
    );
    const won = answers.filter((answer) => answer.status === 200);
    expect(won, answers.map((answer) => answer.text).join('\n')).to.have.length(1);
    for (const lost of answers.filter((answer) => answer.status !== 200)) expectOAuthError(lost, 400, 'invalid_grant');
    expect(await grantRevokedAt(issued.grantId)).to.not.equal(null);
    expect(await verify(won[0]!.body.access_token!)).to.equal(undefined);
    expectOAuthError(
      await postForm(tokenEndpoint(), refreshParams(party, won[0]!.body.refresh_token!)),
      400,
      'invalid_grant',
    );
  });

  it('refuses an expired code (60 seconds) with invalid_grant', async () => {
    const stale = await issueCode(party, { now: new Date(Date.now() - 61_000) });
    expectOAuthError(
      await postForm(tokenEndpoint(), codeExchangeParams(party, stale)),
      400,
      'invalid_grant',
      'expired',
    );
    const fresh = await issueCode(party, { now: new Date(Date.now() - 50_000) });
    await exchange(party, fresh);
  });

  it("refuses a redirect_uri that differs from the authorization request's, even slightly", async () => {
    const issued = await issueCode(party);
    const variants = [
      `${party.redirectUri}&x=1`,
      party.redirectUri.replace('127.0.0.1', 'localhost'),
      party.redirectUri.replace('/callback', '/callback/'),
      'https://evil.example/callback',
    ];
    for (const redirect of variants) {
      expectOAuthError(
        await postForm(tokenEndpoint(), codeExchangeParams(party, issued, { redirect_uri: redirect })),
        400,
        'invalid_grant',
        'redirect_uri',
      );
    }
    expectOAuthError(
      await postForm(tokenEndpoint(), codeExchangeParams(party, issued, { redirect_uri: undefined })),
      400,
      'invalid_request',
      'redirect_uri',
    );
    await exchange(party, issued);
  });

  it('refuses a code issued to another client with invalid_grant, and unknown or missing codes', async () => {
    const other = await authorizedParty();
    const issued = await issueCode(party);
    expectOAuthError(
      await postForm(
        tokenEndpoint(),
        codeExchangeParams(party, issued, { client_id: other.clientId, redirect_uri: other.redirectUri }),
      ),
      400,
      'invalid_grant',
    );
    expectOAuthError(
      await postForm(tokenEndpoint(), codeExchangeParams(party, issued, { code: 'A'.repeat(43) })),
      400,
      'invalid_grant',
    );
    expectOAuthError(
      await postForm(tokenEndpoint(), codeExchangeParams(party, issued, { code: undefined })),
      400,
      'invalid_request',
      'code',
    );
    expect(await grantRevokedAt(issued.grantId)).to.equal(null);
    await exchange(party, issued);
  });

  it('refuses the code of a revoked grant, and of a user who left the business', async () => {
    const revoked = await issueCode(party);
    await sql('update oauth_grants set revoked_at = now() where id = ?', [revoked.grantId]);
    expectOAuthError(
      await postForm(tokenEndpoint(), codeExchangeParams(party, revoked)),
      400,
      'invalid_grant',
      'revoked',
    );

    const leaver = await authorizedParty();
    const issued = await issueCode(leaver);
    await sql('delete from memberships where user_id = ? and business_id = ?', [leaver.userId, leaver.businessId]);
    expectOAuthError(await postForm(tokenEndpoint(), codeExchangeParams(leaver, issued)), 400, 'invalid_grant');
  });
});

describe('OAuth token endpoint: refusals of the request itself', () => {
  let party: AuthorizedParty;
  before(async () => {
    party = await authorizedParty();
  });

  it('answers 401 invalid_client without client_id, for an unknown one, and to any client authentication', async () => {
    const issued = await issueCode(party);
    expectOAuthError(
      await postForm(tokenEndpoint(), codeExchangeParams(party, issued, { client_id: undefined })),
      401,
      'invalid_client',
      'client_id',
    );
    expectOAuthError(
      await postForm(tokenEndpoint(), codeExchangeParams(party, issued, { client_id: 'mcp_unknown' })),
      401,
      'invalid_client',
    );
    expectOAuthError(
      await postForm(tokenEndpoint(), codeExchangeParams(party, issued, { client_secret: 'guess' })),
      401,
      'invalid_client',
      'client_secret',
    );
    expectOAuthError(
      await postForm(
        tokenEndpoint(),
        codeExchangeParams(party, issued, {
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: 'a.b.c',
        }),
      ),
      401,
      'invalid_client',
    );
    const basic = `Basic ${Buffer.from(`${party.clientId}:secret`).toString('base64')}`;
    const withBasic = await postForm(tokenEndpoint(), codeExchangeParams(party, issued), { authorization: basic });
    expectOAuthError(withBasic, 401, 'invalid_client', 'Basic');
    expect(withBasic.headers.get('www-authenticate')).to.match(/^Basic /);
    // None of those touched the code.
    await exchange(party, issued);
  });

  it('answers invalid_request without grant_type and unsupported_grant_type for any other grant type', async () => {
    expectOAuthError(
      await postForm(tokenEndpoint(), { client_id: party.clientId, code: 'x' }),
      400,
      'invalid_request',
      'grant_type',
    );
    for (const grantType of [
      'password',
      'client_credentials',
      'implicit',
      'urn:ietf:params:oauth:grant-type:device_code',
      'AUTHORIZATION_CODE',
    ]) {
      expectOAuthError(
        await postForm(tokenEndpoint(), { grant_type: grantType, client_id: party.clientId }),
        400,
        'unsupported_grant_type',
        grantType,
      );
    }
  });

  it('refuses a body that is not a form (JSON, text, none) with invalid_request', async () => {
    const issued = await issueCode(party);
    const params = codeExchangeParams(party, issued);
    const json = await request(tokenEndpoint(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
    });
    expectOAuthError(json, 400, 'invalid_request', 'application/x-www-form-urlencoded');
    const text = await request(tokenEndpoint(), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: new URLSearchParams(params).toString(),
    });
    expectOAuthError(text, 400, 'invalid_request');
    expectOAuthError(await request(tokenEndpoint(), { method: 'POST' }), 400, 'invalid_request', 'no body');
    const multipart = new FormData();
    for (const [name, value] of Object.entries(params)) multipart.append(name, value);
    expectOAuthError(await request(tokenEndpoint(), { method: 'POST', body: multipart }), 400, 'invalid_request');
    // A form with a charset parameter is still a form.
    const charset = await request(tokenEndpoint(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: new URLSearchParams(params).toString(),
    });
    expectTokenResponse(charset);
  });

  it('refuses repeated parameters with invalid_request, and treats empty ones as omitted', async () => {
    const issued = await issueCode(party);
    const params = Object.entries(codeExchangeParams(party, issued));
    for (const name of ['grant_type', 'client_id', 'code', 'code_verifier', 'redirect_uri']) {
      const repeated: Array<[string, string]> = [...params, [name, params.find(([key]) => key === name)![1]]];
      expectOAuthError(
        await postForm(tokenEndpoint(), repeated),
        400,
        'invalid_request',
        `"${name}" was sent more than once`,
      );
    }
    expectOAuthError(
      await postForm(tokenEndpoint(), { ...codeExchangeParams(party, issued), code_verifier: '' }),
      400,
      'invalid_request',
      'code_verifier is required',
    );
    // Unknown parameters are ignored (RFC 6749 section 3.2).
    expectTokenResponse(
      await postForm(tokenEndpoint(), { ...codeExchangeParams(party, issued), state: 'ignored', nonce: 'ignored' }),
    );
  });

  it('answers 413 invalid_request to an oversized form and 405 to other methods', async () => {
    const huge = await postForm(tokenEndpoint(), {
      grant_type: 'authorization_code',
      client_id: party.clientId,
      padding: 'x'.repeat(20_000),
    });
    expectOAuthError(huge, 413, 'invalid_request');
    const overLong = await postForm(tokenEndpoint(), {
      grant_type: 'authorization_code',
      client_id: party.clientId,
      code: 'x'.repeat(5000),
    });
    expectOAuthError(overLong, 400, 'invalid_request', 'code');
    const get = await request(tokenEndpoint());
    expect(get.status).to.equal(405);
    expect(get.headers.get('allow')).to.contain('POST');
    expect(get.headers.get('cache-control')).to.equal('no-store');
  });
});
