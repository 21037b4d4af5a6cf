import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import {
  authorizeEndpoint,
  consentForm,
  createMember,
  expectPage,
  loopbackCallback,
  pkcePair,
  redirectParameters,
  signInToConsent,
  TestBrowser,
  type PageResponse,
} from './authorize-fixtures.ts';
import { cimdSuite, startCimdApp } from './client-document-fixtures.ts';
import { expectOAuthError, expectTokenResponse, postForm, type TokenResponseBody } from './token-flow-fixtures.ts';

/** A document a public CIMD client would publish at `url`. */
function document(url: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    client_id: url,
    client_name: 'CIMD <Agent> & Co',
    redirect_uris: [loopbackCallback()],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    logo_uri: 'https://logos.cimd.example/agent.png',
    ...overrides,
  };
}

function authorizationQuery(clientId: string, redirectUri: string, challenge = pkcePair().challenge): URLSearchParams {
  return new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: 'mcp:read mcp:customers:write',
    state: 'cimd-state',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
}

/** The error page of a refused authorization request: its status, its code on the page, never a redirect. */
function expectRefusal(response: PageResponse, code: string, mentions?: string): void {
  expectPage(response, 400, mentions);
  expect(response.text).to.contain(`<code>${code}</code>`);
}

describe('OAuth client ID metadata documents (CIMD)', function () {
  this.timeout(60_000);
  const suite = cimdSuite();

  const get = (clientId: string, redirectUri: string) =>
    new TestBrowser(suite.app.url).get(
      `${authorizeEndpoint(suite.app.url)}?${authorizationQuery(clientId, redirectUri)}`,
    );

  it('advertises client_id_metadata_document_supported in the RFC 8414 metadata', async () => {
    const response = await request<Record<string, unknown>>(`${suite.app.url}/.well-known/oauth-authorization-server`);
    expect(response.status, response.text).to.equal(200);
    expect(response.body.client_id_metadata_document_supported).to.equal(true);
  });

  it('authorizes a client from its loopback document, exchanges, refreshes, and lists MCP tools with the token', async () => {
    let redirectUri = '';
    const clientId = suite.documents.publish((url) => {
      const body = document(url);
      redirectUri = (body.redirect_uris as string[])[0]!;
      return { body };
    });
    const user = await createMember();
    const browser = new TestBrowser(suite.app.url);
    const { verifier, challenge } = pkcePair();
    const consent = await signInToConsent(browser, authorizationQuery(clientId, redirectUri, challenge), user.email);
    // The document's name, escaped; its host; its logo without credentials, and the CSP allows exactly that origin.
    expect(consent.text).to.contain('CIMD &lt;Agent&gt; &amp; Co');
    expect(consent.text).not.to.contain('<Agent>');
    expect(consent.text).to.contain(`<strong>${new URL(clientId).host}</strong>`);
    expect(consent.text).to.contain('The answer goes to a program on your own computer');
    expect(consent.text).to.match(
      /<img class="client-logo" src="https:\/\/logos\.cimd\.example\/agent\.png" [^>]*referrerpolicy="no-referrer" crossorigin="anonymous">/,
    );
    const csp = consent.headers.get('content-security-policy')!;
    expect(csp).to.match(/(^|;)img-src 'self' data: https:\/\/logos\.cimd\.example(;|$)/);

    const approved = await browser.post(
      authorizeEndpoint(suite.app.url),
      consentForm(consent.text, 'approve', [
        ['business_id', user.businesses[0]!.id],
        ['scope', 'mcp:customers:write'],
      ]),
    );
    const code = redirectParameters(approved, redirectUri).get('code')!;
    expect(code).to.be.a('string').and.not.empty;
    // Three steps of one authorization (request, sign-in, consent): one fetch, then the cache.
    expect(suite.documents.hitsOf(clientId)).to.equal(1);

    const rows = await sql<{ source: string; client_name: string }>(
      'select source, client_name from oauth_clients where client_id = ?',
      [clientId],
    );
    expect(rows).to.deep.equal([{ source: 'metadata_document', client_name: 'CIMD <Agent> & Co' }]);

    const token = await postForm<TokenResponseBody>(`${suite.app.url}/api/oauth/token`, {
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    expectTokenResponse(token);
    expect(token.body.scope).to.equal('mcp:read mcp:customers:write');

    const refreshed = await postForm<TokenResponseBody>(`${suite.app.url}/api/oauth/token`, {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: token.body.refresh_token!,
    });
    expectTokenResponse(refreshed);

    const tools = await request<{ result: { tools: Array<{ name: string }> } }>(`${suite.app.url}/api/v1/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
        authorization: `Bearer ${refreshed.body.access_token}`,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(tools.status, tools.text).to.equal(200);
    expect(tools.body.result.tools.length).to.be.greaterThan(0);

    // The token endpoint's client checks hold: another client cannot refresh this client's token.
    const other = suite.documents.publish((url) => ({ body: document(url) }));
    const stolen = await postForm(`${suite.app.url}/api/oauth/token`, {
      grant_type: 'refresh_token',
      client_id: other,
      refresh_token: refreshed.body.refresh_token!,
    });
    expectOAuthError(stolen, 401, 'invalid_client');
  });

  it('answers 50 parallel authorizations of an uncached document with one fetch', async () => {
    let release!: () => void;
    const holdUntil = new Promise<void>((resolve) => (release = resolve));
    let redirectUri = '';
    const clientId = suite.documents.publish((url) => {
      const body = document(url);
      redirectUri = (body.redirect_uris as string[])[0]!;
      return { body, holdUntil };
    });
    const pages = Array.from({ length: 50 }, () => get(clientId, redirectUri));
    setTimeout(release, 200);
    for (const page of await Promise.all(pages)) expectPage(page, 200, 'Sign in');
    expect(suite.documents.hitsOf(clientId)).to.equal(1);
    const rows = await sql('select client_id from oauth_clients where client_id = ?', [clientId]);
    expect(rows).to.have.length(1);
  });

  it('charges a never-seen document URL to the registration budget of the address, and a known one not', async () => {
    const limited = await startCimdApp({ registrationPerHour: 2 });
    try {
      const address = { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` };
      const redirectUri = loopbackCallback();
      const publish = () =>
        suite.documents.publish((url) => ({ body: document(url, { redirect_uris: [redirectUri] }) }));
      const open = (clientId: string) =>
        new TestBrowser(limited.url).get(
          `${authorizeEndpoint(limited.url)}?${authorizationQuery(clientId, redirectUri)}`,
          address,
        );
      const [first, second, third] = [publish(), publish(), publish()];
      expectPage(await open(first), 200, 'Sign in');
      expectPage(await open(second), 200, 'Sign in');
      const refused = await open(third);
      expectPage(refused, 429, 'Too many new applications');
      expect(suite.documents.hitsOf(third), 'refused before fetching').to.equal(0);
      expectPage(await open(first), 200, 'Sign in');
    } finally {
      await limited.close();
    }
  });

  it('refuses a document whose client_id is not its URL, on a page, without redirecting', async () => {
    const redirectUri = loopbackCallback();
    const clientId = suite.documents.publish((url) => ({
      body: document(url, { client_id: `${url}x`, redirect_uris: [redirectUri] }),
    }));
    expectRefusal(await get(clientId, redirectUri), 'CLIENT_METADATA_DOCUMENT_INVALID', 'names another client_id');
  });

  it('refuses a metadata URL on a private address through the guard, without opening a socket to it', async () => {
    for (const host of ['10.0.0.9', '[::ffff:c0a8:1]', '[::a00:9]', '[64:ff9b:1::a00:9]', '[fec0::9]']) {
      const clientId = `https://${host}/oauth/client.json`;
      expectRefusal(
        await get(clientId, loopbackCallback()),
        'CLIENT_METADATA_DOCUMENT_UNAVAILABLE',
        'was not fetched: The URL&#39;s host is not a public address.',
      );
    }
  });

  it('tells a visitor neither where a name resolves nor whether it exists, and logs both with the request id', async () => {
    for (const [host, detail] of [
      ['private.cimd.test', 'private.cimd.test resolves to 10.0.0.7'],
      ['metadata.cimd.test', 'metadata.cimd.test resolves to 169.254.169.254'],
      ['nowhere.cimd.test', 'nowhere.cimd.test did not resolve (ENOTFOUND)'],
    ]) {
      const requestId = `cimd-${randomBytes(6).toString('hex')}`;
      const query = authorizationQuery(`https://${host}/oauth/client.json`, loopbackCallback());
      const page = await new TestBrowser(suite.app.url).get(`${authorizeEndpoint(suite.app.url)}?${query}`, {
        'x-request-id': requestId,
      });
      expectRefusal(
        page,
        'CLIENT_METADATA_DOCUMENT_UNAVAILABLE',
        `was not fetched: The host ${host} could not be reached at a public address.`,
      );
      for (const secret of ['10.0.0.7', '169.254.169.254', 'ENOTFOUND', 'getaddrinfo', 'resolves'])
        expect(page.text, `${host}: ${secret}`).not.to.contain(secret);
      const line = suite.app.logs.find((entry) => entry.reqId === requestId && entry.detail !== undefined);
      expect(line, `a log line for ${requestId}`).to.include({ detail, clientId: `https://${host}/oauth/client.json` });
    }
  });

  it('stores a client_name with a NUL and a lone surrogate escape, replaced (storableText), and shows it', async () => {
    let redirectUri = '';
    const clientId = suite.documents.publish((url) => {
      const body = document(url);
      redirectUri = (body.redirect_uris as string[])[0]!;
      const raw = JSON.stringify(body).replace('"CIMD <Agent> & Co"', String.raw`"Nul\u0000Agent \ud800 Co"`);
      return { raw };
    });
    const page = await get(clientId, redirectUri);
    expectPage(page, 200, 'Sign in');
    expect(page.text).to.contain('Nul\uFFFDAgent \uFFFD Co');
    const rows = await sql<{ client_name: string }>('select client_name from oauth_clients where client_id = ?', [
      clientId,
    ]);
    expect(rows).to.deep.equal([{ client_name: 'Nul\uFFFDAgent \uFFFD Co' }]);
  });

  it('refuses a document larger than 5 KiB, whether announced or streamed', async () => {
    const padding = 'x'.repeat(6 * 1024);
    const redirectUri = loopbackCallback();
    const announced = suite.documents.publish((url) => ({
      body: document(url, { redirect_uris: [redirectUri], padding }),
      announceLength: true,
    }));
    expectRefusal(
      await get(announced, redirectUri),
      'CLIENT_METADATA_DOCUMENT_UNAVAILABLE',
      'is larger than 5120 bytes',
    );
    const streamed = suite.documents.publish((url) => ({
      body: document(url, { redirect_uris: [redirectUri], padding }),
    }));
    expectRefusal(
      await get(streamed, redirectUri),
      'CLIENT_METADATA_DOCUMENT_UNAVAILABLE',
      'is larger than 5120 bytes',
    );
  });

  it('refuses a document listing no redirect URI inside the policy: the page names the variable and the request id, the log the reason', async () => {
    const clientId = suite.documents.publish((url) => ({
      body: document(url, { redirect_uris: ['https://attacker.example/callback', 'org.example.app:/cb'] }),
    }));
    const requestId = `cimd-${randomBytes(6).toString('hex')}`;
    const page = await new TestBrowser(suite.app.url).get(
      `${authorizeEndpoint(suite.app.url)}?${authorizationQuery(clientId, 'https://attacker.example/callback')}`,
      { 'x-request-id': requestId },
    );
    expectRefusal(page, 'CLIENT_METADATA_DOCUMENT_INVALID', 'not an allowed client domain');
    for (const variable of ['OAUTH_HOSTED_CALLBACKS', 'OAUTH_REDIRECT_HOSTS', 'OAUTH_PRIVATE_USE_SCHEMES'])
      expect(page.text).to.contain(variable);
    expect(page.text).to.contain(`<code>${requestId}</code>`);
    const line = suite.app.logs.find(
      (entry) => entry.reqId === requestId && entry.msg === 'client metadata document refused',
    );
    expect(line, suite.app.logs.lines.map((entry) => JSON.stringify(entry)).join('\n')).to.include({ clientId });
    expect(line!.reason).to.contain('https://attacker.example/callback').and.contain('org.example.app:/cb');
  });

  it('accepts a document for the redirect URIs and grant types this server allows, and logs the rest once', async () => {
    const kept = loopbackCallback();
    const clientId = suite.documents.publish((url) => ({
      body: document(url, {
        redirect_uris: ['https://attacker.example/callback', kept, 'org.example.app:/cb'],
        grant_types: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'],
      }),
    }));
    const requestId = `cimd-${randomBytes(6).toString('hex')}`;
    const query = authorizationQuery(clientId, kept);
    expectPage(
      await new TestBrowser(suite.app.url).get(`${authorizeEndpoint(suite.app.url)}?${query}`, {
        'x-request-id': requestId,
      }),
      200,
      'Sign in',
    );
    const rows = await sql<{ redirect_uris: string[] | string; grant_types: string[] | string }>(
      'select redirect_uris, grant_types from oauth_clients where client_id = ?',
      [clientId],
    );
    const stored = (value: string[] | string) => (typeof value === 'string' ? (JSON.parse(value) as string[]) : value);
    expect(stored(rows[0]!.redirect_uris)).to.deep.equal([kept]);
    expect(stored(rows[0]!.grant_types)).to.deep.equal(['authorization_code', 'refresh_token']);
    const line = suite.app.logs.find((entry) => entry.reqId === requestId);
    expect(line?.msg).to.equal('client metadata document accepted without the entries this server does not allow');
    expect(line!.ignoredGrantTypes).to.deep.equal(['urn:ietf:params:oauth:grant-type:device_code']);
    const ignored = line!.ignoredRedirectUris as Array<{ uri: string; reason: string }>;
    expect(ignored.map(({ uri }) => uri)).to.deep.equal(['https://attacker.example/callback', 'org.example.app:/cb']);
    expect(ignored[1]!.reason).to.contain('OAUTH_PRIVATE_USE_SCHEMES');
    // The same document again: nothing new to say.
    const again = `cimd-${randomBytes(6).toString('hex')}`;
    await new TestBrowser(suite.app.url).get(
      `${authorizeEndpoint(suite.app.url)}?${authorizationQuery(clientId, kept)}`,
      {
        'x-request-id': again,
      },
    );
    expect(suite.app.logs.find((entry) => entry.reqId === again)).to.equal(undefined);
    // A URI left out is not one the client may use.
    expectRefusal(
      await get(clientId, 'https://attacker.example/callback'),
      'AUTHORIZATION_REQUEST_INVALID',
      'redirect_uri',
    );
  });

  it('a client_id of 512 characters, the longest accepted, works through the token, the MCP endpoint and revocation', async () => {
    const prefix = `${suite.documents.origin}/clients/long-`;
    const path = `${prefix}${'a'.repeat(512 - prefix.length - '.json'.length)}.json`.slice(
      suite.documents.origin.length,
    );
    const clientId = `${suite.documents.origin}${path}`;
    expect(clientId).to.have.length(512);
    const redirectUri = loopbackCallback();
    suite.documents.routes.set(path, { body: document(clientId, { redirect_uris: [redirectUri] }) });
    const user = await createMember();
    const browser = new TestBrowser(suite.app.url);
    const { verifier, challenge } = pkcePair();
    const consent = await signInToConsent(browser, authorizationQuery(clientId, redirectUri, challenge), user.email);
    const approved = await browser.post(
      authorizeEndpoint(suite.app.url),
      consentForm(consent.text, 'approve', [['business_id', user.businesses[0]!.id]]),
    );
    const code = redirectParameters(approved, redirectUri).get('code')!;
    const token = await postForm<TokenResponseBody>(`${suite.app.url}/api/oauth/token`, {
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    expectTokenResponse(token);
    const listTools = (accessToken: string) =>
      request<{ result?: { tools: unknown[] } }>(`${suite.app.url}/api/v1/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
          authorization: `Bearer ${accessToken}`,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    const tools = await listTools(token.body.access_token);
    expect(tools.status, tools.text).to.equal(200);
    expect(tools.body.result!.tools.length).to.be.greaterThan(0);
    // Revoking the access token ends the grant (RFC 7009): the token and its refresh token stop working.
    const revoked = await postForm(`${suite.app.url}/api/oauth/revoke`, {
      token: token.body.access_token,
      client_id: clientId,
    });
    expect(revoked.status, revoked.text).to.equal(200);
    expect((await listTools(token.body.access_token)).status).to.equal(401);
    const refreshed = await postForm(`${suite.app.url}/api/oauth/token`, {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: token.body.refresh_token!,
    });
    expectOAuthError(refreshed, 400, 'invalid_grant');
  });

  it('refuses a redirect_uri the document does not list', async () => {
    const clientId = suite.documents.publish((url) => ({ body: document(url) }));
    expectRefusal(await get(clientId, loopbackCallback()), 'AUTHORIZATION_REQUEST_INVALID', 'redirect_uri');
  });

  it('refuses a confidential client, a redirect, a non-JSON answer and a fetch past the deadline', async () => {
    const redirectUri = loopbackCallback();
    const confidential = suite.documents.publish((url) => ({
      body: document(url, { redirect_uris: [redirectUri], token_endpoint_auth_method: 'client_secret_basic' }),
    }));
    expectRefusal(await get(confidential, redirectUri), 'CLIENT_METADATA_DOCUMENT_INVALID', 'public clients only');
    const redirected = suite.documents.publish({
      status: 302,
      headers: { location: `${suite.documents.origin}/elsewhere` },
    });
    expectRefusal(await get(redirected, redirectUri), 'CLIENT_METADATA_DOCUMENT_UNAVAILABLE', 'not followed');
    expect(suite.documents.hits.get('/elsewhere')).to.equal(undefined);
    const html = suite.documents.publish({ raw: '<html></html>', headers: { 'content-type': 'text/html' } });
    expectRefusal(await get(html, redirectUri), 'CLIENT_METADATA_DOCUMENT_UNAVAILABLE', 'application/json');
    const hanging = suite.documents.publish({ hang: true });
    expectRefusal(await get(hanging, redirectUri), 'CLIENT_METADATA_DOCUMENT_UNAVAILABLE', 'did not arrive within');
  });

  it('refuses client_id URLs the draft rules out before fetching anything', async () => {
    const path = `${suite.documents.origin}/clients`;
    for (const [clientId, mentions] of [
      [`${path}/../x.json`, 'path segment'],
      [`${path}/%2e%2e/x.json`, 'path segment'],
      [`${path}/x.json#frag`, 'fragment'],
      [`http://user:pw@127.0.0.1:1/x.json`, 'user information'],
      [`${suite.documents.origin}/`, 'must have a path'],
      ['http://localhost:1/x.json', 'https'],
    ] as const) {
      expectRefusal(await get(clientId, loopbackCallback()), 'AUTHORIZATION_REQUEST_INVALID', mentions);
    }
  });

  it('without OAUTH_CIMD_ALLOW_HTTP_LOOPBACK, refuses an http metadata URL without fetching it', async () => {
    const clientId = suite.documents.publish((url) => ({ body: document(url) }));
    const response = await new TestBrowser().get(
      `${authorizeEndpoint()}?${authorizationQuery(clientId, loopbackCallback())}`,
    );
    expectRefusal(response, 'AUTHORIZATION_REQUEST_INVALID', 'must be an https URL');
    expect(suite.documents.hitsOf(clientId)).to.equal(0);
    expect(service().config.oauthClientDocuments.allowHttpLoopback).to.equal(false);
  });
});
