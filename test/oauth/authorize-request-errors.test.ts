import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { service } from '../helpers/root-hooks.ts';
import {
  authorizationParameters,
  authorizeEndpoint,
  createMember,
  expectPage,
  fieldValues,
  loopbackCallback,
  redirectParameters,
  registerClient,
  signInToConsent,
  TestBrowser,
  type TestClient,
} from './authorize-fixtures.ts';

/** RFC 6749 appendix A.7: error_description is %x20-21 / %x23-5B / %x5D-7E. */
const ERROR_DESCRIPTION = /^[\x20\x21\x23-\x5B\x5D-\x7E]+$/;

async function expectErrorRedirect(
  client: TestClient,
  parameters: URLSearchParams,
  error: string,
  options: { state?: 'echoed' | 'absent'; mentions?: string } = {},
) {
  const requestId = `authorize-${randomBytes(6).toString('hex')}`;
  const response = await new TestBrowser().get(`${authorizeEndpoint()}?${parameters}`, { 'x-request-id': requestId });
  expect(response.headers.get('cache-control')).to.equal('no-store');
  const answer = redirectParameters(response, parameters.get('redirect_uri') ?? client.redirect_uris[0]!);
  expect(answer.get('error'), response.headers.get('location')!).to.equal(error);
  // The operator's log has the refusal and its reason under the request id.
  expect(
    service().logs.find((line) => line.reqId === requestId && line.msg === 'authorization refused to the client'),
  ).to.include({ error, reason: answer.get('error_description') });
  expect(answer.get('error_description')).to.match(ERROR_DESCRIPTION);
  if (options.mentions) expect(answer.get('error_description')).to.contain(options.mentions);
  expect(answer.get('iss')).to.equal(service().config.siteUrl);
  expect(answer.get('code')).to.equal(null);
  if ((options.state ?? 'echoed') === 'echoed')
    expect(answer.get('state')).to.equal(parameters.get('state')).and.not.equal(null);
  else expect(answer.has('state')).to.equal(false);
}

async function expectErrorPage(parameters: URLSearchParams, mentions: string): Promise<string> {
  const requestId = `authorize-${randomBytes(6).toString('hex')}`;
  const response = await new TestBrowser().get(`${authorizeEndpoint()}?${parameters}`, { 'x-request-id': requestId });
  expectPage(response, 400, mentions);
  // The page gives the request id, under which the log has the reason.
  expect(response.text).to.contain(`<code>${requestId}</code>`);
  const line = service().logs.find((entry) => entry.reqId === requestId && entry.msg === 'authorization refused');
  expect(line, `a log line for ${requestId}`).to.include({ code: 'AUTHORIZATION_REQUEST_INVALID' });
  expect(line!.reason).to.contain(mentions.replace(/&#39;/g, "'").replace(/&quot;/g, '"'));
  return response.text;
}

describe('GET /api/oauth/authorize: request errors', () => {
  let client: TestClient;
  before(async () => {
    client = await registerClient({ scope: 'mcp:read mcp:customers:write' });
  });

  describe('redirected to the client with error, state and iss', () => {
    it('unsupported_response_type for response_type=token; invalid_request without response_type', async () => {
      await expectErrorRedirect(
        client,
        authorizationParameters(client, { response_type: 'token' }),
        'unsupported_response_type',
      );
      await expectErrorRedirect(client, authorizationParameters(client, { response_type: null }), 'invalid_request', {
        mentions: 'response_type',
      });
    });

    it('invalid_request for PKCE plain, a missing method, or an unknown method', async () => {
      const plain = authorizationParameters(client, { code_challenge_method: 'plain', code_challenge: 'a'.repeat(43) });
      await expectErrorRedirect(client, plain, 'invalid_request', { mentions: 'PKCE S256 is required' });
      await expectErrorRedirect(
        client,
        authorizationParameters(client, { code_challenge_method: null }),
        'invalid_request',
        { mentions: 'PKCE S256 is required' },
      );
      await expectErrorRedirect(
        client,
        authorizationParameters(client, { code_challenge_method: 's256' }),
        'invalid_request',
        { mentions: 'S256' },
      );
    });

    it('invalid_request for a missing code_challenge, one too short, too long, or with characters outside [A-Za-z0-9-._~]', async () => {
      await expectErrorRedirect(client, authorizationParameters(client, { code_challenge: null }), 'invalid_request', {
        mentions: 'code_challenge',
      });
      for (const challenge of [
        'a'.repeat(42),
        'a'.repeat(129),
        `${'a'.repeat(42)}+`,
        `${'a'.repeat(42)}=`,
        `${'a'.repeat(40)} ab`,
      ]) {
        await expectErrorRedirect(
          client,
          authorizationParameters(client, { code_challenge: challenge }),
          'invalid_request',
          { mentions: 'code_challenge' },
        );
      }
    });

    it('accepts code challenges of 43 and 128 characters of the unreserved set', async () => {
      for (const challenge of [`${'A'.repeat(39)}-._~`, 'z'.repeat(128)]) {
        const response = await new TestBrowser().get(
          `${authorizeEndpoint()}?${authorizationParameters(client, { code_challenge: challenge })}`,
        );
        expectPage(response, 200, 'Sign in');
      }
    });

    it('invalid_request without state when state is missing (state is required here)', async () => {
      await expectErrorRedirect(client, authorizationParameters(client, { state: null }), 'invalid_request', {
        state: 'absent',
        mentions: 'state',
      });
      await expectErrorRedirect(client, authorizationParameters(client, { state: '' }), 'invalid_request', {
        state: 'absent',
        mentions: 'state',
      });
    });

    it('invalid_scope for an unknown scope, a scope beyond the registered ones, and an empty scope', async () => {
      await expectErrorRedirect(client, authorizationParameters(client, { scope: 'mcp:read admin' }), 'invalid_scope', {
        mentions: 'does not know',
      });
      await expectErrorRedirect(
        client,
        authorizationParameters(client, { scope: 'mcp:read mcp:jobs:write' }),
        'invalid_scope',
        { mentions: 'more than this client registered' },
      );
      await expectErrorRedirect(client, authorizationParameters(client, { scope: 'mcp:write' }), 'invalid_scope');
      await expectErrorRedirect(client, authorizationParameters(client, { scope: ' ' }), 'invalid_scope');
    });

    it('invalid_target for a resource other than the MCP resource (also among several)', async () => {
      const mcp = `${service().config.baseUrl}/v1/mcp`;
      for (const resource of [`${service().config.baseUrl}/v1/other`, `${mcp}/`, 'https://elsewhere.example/mcp']) {
        await expectErrorRedirect(client, authorizationParameters(client, { resource }), 'invalid_target', {
          mentions: mcp,
        });
      }
      const two = authorizationParameters(client, { resource: mcp });
      two.append('resource', 'https://elsewhere.example/mcp');
      await expectErrorRedirect(client, two, 'invalid_target');
    });

    it('accepts the MCP resource, also repeated (RFC 8707 allows several resource parameters)', async () => {
      const mcp = `${service().config.baseUrl}/v1/mcp`;
      const parameters = authorizationParameters(client, { resource: mcp });
      parameters.append('resource', mcp);
      expectPage(await new TestBrowser().get(`${authorizeEndpoint()}?${parameters}`), 200, 'Sign in');
    });

    it('invalid_request for a repeated parameter, without echoing a repeated state', async () => {
      const scopeTwice = authorizationParameters(client);
      scopeTwice.append('scope', 'mcp:read');
      await expectErrorRedirect(client, scopeTwice, 'invalid_request', { mentions: 'scope was sent more than once' });
      const stateTwice = authorizationParameters(client);
      stateTwice.append('state', 'second');
      await expectErrorRedirect(client, stateTwice, 'invalid_request', { state: 'absent', mentions: 'state' });
      const challengeTwice = authorizationParameters(client);
      challengeTwice.append('code_challenge', 'b'.repeat(43));
      await expectErrorRedirect(client, challengeTwice, 'invalid_request', { mentions: 'code_challenge' });
    });

    it('asks for the registered scopes when scope is omitted, and ignores parameters it does not know', async () => {
      const user = await createMember();
      const parameters = authorizationParameters(client, { scope: null, nonce: 'ignored', prompt: 'consent' });
      const consent = await signInToConsent(new TestBrowser(), parameters, user.email);
      expect(consent.text).to.contain('Read your business data');
      expect(fieldValues(consent.text, 'scope')).to.deep.equal(['mcp:customers:write']);
    });
  });

  describe('shown as a page, never redirected', () => {
    it('an unknown, missing, repeated or over-long client_id', async () => {
      await expectErrorPage(
        authorizationParameters(client, { client_id: 'mcp_unknown_client_id_000000' }),
        'not registered',
      );
      await expectErrorPage(authorizationParameters(client, { client_id: null }), 'no client_id');
      const twice = authorizationParameters(client);
      twice.append('client_id', client.client_id);
      await expectErrorPage(twice, 'more than one client_id');
      await expectErrorPage(authorizationParameters(client, { client_id: 'x'.repeat(500) }), 'not registered');
    });

    it('a redirect_uri that is missing, repeated, or not registered, even when other errors would redirect', async () => {
      await expectErrorPage(authorizationParameters(client, { redirect_uri: null }), 'no redirect_uri');
      const twice = authorizationParameters(client);
      twice.append('redirect_uri', client.redirect_uris[0]!);
      await expectErrorPage(twice, 'more than one redirect_uri');
      await expectErrorPage(
        authorizationParameters(client, { redirect_uri: 'https://evil.example/callback' }),
        'is not one it registered',
      );
      await expectErrorPage(
        authorizationParameters(client, {
          redirect_uri: 'https://evil.example/callback',
          response_type: 'token',
          state: null,
        }),
        'is not one it registered',
      );
    });

    it('a loopback redirect_uri with another path, another query or another loopback host than the registered one', async () => {
      const registered = new URL(client.redirect_uris[0]!);
      const otherPath = `http://127.0.0.1:${registered.port}/oauth/callback${registered.search}`;
      await expectErrorPage(authorizationParameters(client, { redirect_uri: otherPath }), 'is not one it registered');
      await expectErrorPage(
        authorizationParameters(client, { redirect_uri: `http://127.0.0.1:${registered.port}/callback?t=other` }),
        'is not one it registered',
      );
      await expectErrorPage(
        authorizationParameters(client, {
          redirect_uri: `http://localhost:${registered.port}/callback${registered.search}`,
        }),
        'is not one it registered',
      );
    });

    it('escapes what the page shows and names the problem for the developer', async () => {
      const text = await expectErrorPage(
        authorizationParameters(client, { client_id: '<script>alert(1)</script>' }),
        'not registered',
      );
      expect(text).not.to.contain('<script>');
      expect(text).to.contain('<html lang="en">');
      expect(text).to.contain('registered');
    });

    it('shows a client without a name as an unnamed application on the login page', async () => {
      const unnamed = await registerClient({ client_name: null, redirect_uris: [loopbackCallback()] });
      const response = await new TestBrowser().get(`${authorizeEndpoint()}?${authorizationParameters(unnamed)}`);
      expectPage(response, 200, 'An unnamed application');
    });
  });
});
