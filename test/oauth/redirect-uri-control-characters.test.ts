import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { checkRedirectUri, type RedirectUriPolicy } from '../../core/services/oauth/redirect-uri-policy.ts';
import { request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import {
  authorizationParameters,
  authorizeEndpoint,
  consentForm,
  createMember,
  expectPage,
  registerClient,
  signInToConsent,
  TestBrowser,
  type TestClient,
} from './authorize-fixtures.ts';

const policy: RedirectUriPolicy = {
  httpsHosts: ['app.example.com'],
  hostedCallbacks: [],
  loopback: true,
  loopbackPaths: ['/callback'],
  privateUseSchemes: ['com.example.agent'],
};

/** Control characters, raw and percent-encoded (either case), placed where a URL parser would drop or keep them. */
const RAW = ['\r', '\n', '\r\n', '\0', '\t', '\x1b', '\x7f', '\u0085', '\u009b'];
const ENCODED = ['%0d', '%0A', '%0d%0a', '%00', '%09', '%1F', '%7f', '%C2%85', '%c2%9b'];

function tainted(base: string): string[] {
  const [head, query] = base.split('?');
  const uris: string[] = [];
  for (const character of [...RAW, ...ENCODED]) {
    uris.push(`${head!.replace('/callback', `/call${character}back`)}?${query}`);
    uris.push(`${base}${character}`);
    uris.push(`${base}&x=${character}`);
  }
  return uris;
}

const unexpectedErrors = (from: number) =>
  service()
    .logs.lines.slice(from)
    .filter((line) => line.msg === 'unexpected error' || Number(line.status) >= 500);

function register(body: unknown): Promise<JsonResponse<{ error?: string; error_description?: string }>> {
  return request(`${service().url}/api/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function loopback(): string {
  return `http://127.0.0.1:${40_000 + (randomBytes(2).readUInt16BE() % 20_000)}/callback?t=${randomBytes(4).toString('hex')}`;
}

describe('redirect URIs with control characters', () => {
  it('the policy refuses C0, DEL and C1 characters, raw or percent-encoded, and still accepts clean URIs', () => {
    for (const base of [
      'http://127.0.0.1:5000/callback?t=1',
      'https://app.example.com/callback?t=1',
      'com.example.agent:/callback?t=1',
    ]) {
      expect(checkRedirectUri(base, policy).accepted, base).to.equal(true);
      for (const uri of tainted(base)) {
        const verdict = checkRedirectUri(uri, policy);
        expect(verdict.accepted, JSON.stringify(uri)).to.equal(false);
        if (!verdict.accepted) expect(verdict.reason).to.contain('control character');
      }
    }
    // Percent-encoded printable characters and UTF-8 beyond C1 stay allowed.
    expect(checkRedirectUri('http://127.0.0.1:5000/callback?t=%20%41%c3%a9%e2%82%ac', policy).accepted).to.equal(true);
  });

  it('registration refuses them with 400 invalid_redirect_uri, never a 500 or an unexpected-error log line', async () => {
    const from = service().logs.lines.length;
    for (const uri of tainted(loopback())) {
      const response = await register({ redirect_uris: [uri], client_name: `ctl ${randomBytes(3).toString('hex')}` });
      expect(response.status, `${JSON.stringify(uri)}: ${response.text}`).to.equal(400);
      expect(response.body.error).to.equal('invalid_redirect_uri');
      expect(response.body.error_description).to.contain('control character');
      // The refusal quotes the URI with its control characters written out, never raw.
      // eslint-disable-next-line no-control-regex -- the assertion is about control characters
      expect(response.body.error_description).not.to.match(/[\u0000-\u001f\u007f-\u009f]/);
    }
    expect(unexpectedErrors(from)).to.deep.equal([]);
  });

  describe('at authorization', () => {
    let client: TestClient;
    before(async () => {
      client = await registerClient({ scope: 'mcp:read mcp:customers:write' });
    });

    it('shows the error page, never a redirect, for a requested redirect_uri with control characters (also when another parameter is wrong)', async () => {
      const from = service().logs.lines.length;
      const registered = client.redirect_uris[0]!;
      const otherPort = registered.replace(/:\d+\//, ':6553/');
      for (const uri of [...tainted(registered), ...tainted(otherPort)]) {
        for (const overrides of [{}, { response_type: 'token' }] as Array<Record<string, string>>) {
          const response = await new TestBrowser().get(
            `${authorizeEndpoint()}?${authorizationParameters(client, { redirect_uri: uri, ...overrides })}`,
          );
          expectPage(response, 400, 'redirect_uri');
        }
      }
      expect(unexpectedErrors(from)).to.deep.equal([]);
    });

    it('a redirect_uri with raw CR/LF in the query string itself is refused with a page', async () => {
      const from = service().logs.lines.length;
      const registered = client.redirect_uris[0]!;
      const parameters = authorizationParameters(client, { response_type: 'token' }).toString();
      const encoded = encodeURIComponent(registered);
      for (const injected of ['%0d%0aSet-Cookie:%20x=1', '%0D%0ALocation:%20https://evil.example', '%00', '%09']) {
        const query = parameters.replace(
          `redirect_uri=${new URLSearchParams({ r: registered }).toString().slice(2)}`,
          `redirect_uri=${encoded}${injected}`,
        );
        expect(query).to.contain(injected);
        const response = await new TestBrowser().get(`${authorizeEndpoint()}?${query}`);
        expectPage(response, 400, 'redirect_uri');
        expect(response.headers.get('set-cookie') ?? '').not.to.contain('x=1');
      }
      expect(unexpectedErrors(from)).to.deep.equal([]);
    });

    it('a registration stored before the rule, with a raw CR/LF or non-ASCII callback, cannot be used: a page, no redirect, no 500', async () => {
      const from = service().logs.lines.length;
      for (const character of ['\r\n', '\n', '\u20ac', '\u0085']) {
        const legacy = await registerClient();
        const tainted = legacy.redirect_uris[0]!.replace('?t=', `?t=${character}`);
        await sql('update oauth_clients set redirect_uris = array[?] where client_id = ?', [tainted, legacy.client_id]);
        for (const overrides of [{ redirect_uri: tainted }, { redirect_uri: tainted, response_type: 'token' }] as Array<
          Record<string, string>
        >) {
          const response = await new TestBrowser().get(
            `${authorizeEndpoint()}?${authorizationParameters(legacy, overrides)}`,
          );
          expectPage(response, 400, 'redirect_uri');
        }
      }
      expect(unexpectedErrors(from)).to.deep.equal([]);
    });

    it('a clean request still reaches the consent page and redirects with a code', async () => {
      const member = await createMember();
      const browser = new TestBrowser();
      const consent = await signInToConsent(browser, authorizationParameters(client), member.email);
      const approved = await browser.post(
        authorizeEndpoint(),
        consentForm(consent.text, 'approve', [['business_id', member.businesses[0]!.id]]),
      );
      expect(approved.status).to.equal(303);
      expect(approved.headers.get('location')).to.match(/[?&]code=/);
    });
  });
});
