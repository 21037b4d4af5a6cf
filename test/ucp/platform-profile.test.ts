import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ZCheckoutSession } from '../../core/routers/ucp/checkout-session.schema.ts';
import { profileOfUcpAgent } from '../../core/services/ucp/ucp-agent.ts';
import { expectErrorMessage, request, type JsonResponse } from '../helpers/http.ts';
import { sql } from '../helpers/sql.ts';
import { platformProfile, platformSuite, ucpAgent } from './platform-app.ts';

type Json = Record<string, any>;

/**
 * UCP negotiation (overview, Negotiation Protocol): the platform profile named by UCP-Agent is
 * fetched through the guarded fetcher from a loopback profile server, validated, cached as its
 * Cache-Control says, and intersected; every failure is UCP's status and code.
 */
describe('UCP platform profile negotiation', function () {
  this.timeout(30_000);
  const suite = platformSuite();

  const create = (headers: Record<string, string>): Promise<JsonResponse<Json>> =>
    request<Json>(`${suite.app.baseUrl}/v1/agent/ucp/checkout-sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: '{}',
    });

  /** The refusal carries the ErrorMessage and UCP's error shape. */
  function expectUcpError(response: JsonResponse<Json>, status: number, code: string, ucpCode: string): void {
    expectErrorMessage(response, status, code);
    expect(response.body.ucp).to.deep.include({ version: '2026-08-25', status: 'error' });
    expect(response.body.messages).to.have.length(1);
    expect(response.body.messages[0]).to.include({ type: 'error', code: ucpCode, severity: 'unrecoverable' });
    expect(response.body.content).to.equal(response.body.message);
  }

  it('fetches a valid profile and answers the intersected capabilities (the orphaned extension is not ours)', async () => {
    const profile = suite.validProfile();
    const response = await create(ucpAgent(profile));
    expect(response.status, response.text).to.equal(201);
    expect(() => ZCheckoutSession.parse(response.body)).not.to.throw();
    expect(response.body.ucp.version).to.equal('2026-08-25');
    expect(response.body.ucp.capabilities).to.deep.equal({ 'dev.ucp.shopping.checkout': [{ version: '2026-08-25' }] });
    expect(suite.profiles.hitsOf(profile)).to.equal(1);
  });

  it('fetches a profile once for concurrent requests and reuses it within max-age, then fetches it again', async () => {
    const profile = suite.validProfile();
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(ucpAgent(profile))));
    expect(answers.map((answer) => answer.status)).to.deep.equal(Array(8).fill(201));
    expect(suite.profiles.hitsOf(profile), 'one fetch for 8 concurrent requests').to.equal(1);
    const read = await request<Json>(`${suite.app.baseUrl}/v1/agent/ucp/checkout/${answers[0]!.body.id}`, {
      headers: ucpAgent(profile),
    });
    expect(read.status).to.equal(200);
    expect(suite.profiles.hitsOf(profile)).to.equal(1);
    suite.app.advance(121_000);
    expect((await create(ucpAgent(profile))).status).to.equal(201);
    expect(suite.profiles.hitsOf(profile), 'refetched after max-age').to.equal(2);
  });

  it('keeps a no-store profile for UCP’s 60 s floor, not per request', async () => {
    const profile = suite.profiles.publish({ body: platformProfile(), headers: { 'cache-control': 'no-store' } });
    for (let i = 0; i < 3; i++) expect((await create(ucpAgent(profile))).status).to.equal(201);
    expect(suite.profiles.hitsOf(profile)).to.equal(1);
    suite.app.advance(61_000);
    expect((await create(ucpAgent(profile))).status).to.equal(201);
    expect(suite.profiles.hitsOf(profile)).to.equal(2);
  });

  describe('Create and Get need the header, as every checkout operation (UCP REST binding: "All requests MUST")', () => {
    const ucpBase = () => `${suite.app.baseUrl}/v1/agent/ucp`;
    const createAt = (path: string, headers: Record<string, string>) =>
      request<Json>(`${ucpBase()}/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: '{}',
      });

    it('Create without it, at both paths: 400 invalid_profile_url in UCP’s error shape, no session stored', async () => {
      const stored = async () =>
        Number((await sql<{ n: string }>('select count(*) as n from ucp_checkout_sessions'))[0]!.n);
      const before = await stored();
      for (const path of ['checkout', 'checkout-sessions']) {
        const variants: Record<string, string>[] = [{}, { 'UCP-Agent': '' }, { 'Idempotency-Key': randomUUID() }];
        for (const headers of variants) {
          const response = await createAt(path, headers);
          expectUcpError(response, 400, 'UCP_PROFILE_URL_INVALID', 'invalid_profile_url');
          expect(response.headers.get('location'), path).to.equal(null);
          expect(response.body.message).to.contain('UCP-Agent');
        }
      }
      expect(await stored()).to.equal(before);
    });

    it('keeps no refusal under an Idempotency-Key: the same key with the header then creates the session', async () => {
      const key = randomUUID();
      expectUcpError(
        await createAt('checkout-sessions', { 'Idempotency-Key': key }),
        400,
        'UCP_PROFILE_URL_INVALID',
        'invalid_profile_url',
      );
      const agent = ucpAgent(suite.validProfile());
      const created = await createAt('checkout-sessions', { 'Idempotency-Key': key, ...agent });
      expect(created.status, created.text).to.equal(201);
      const replay = await createAt('checkout-sessions', { 'Idempotency-Key': key, ...agent });
      expect(replay.headers.get('idempotency-replayed')).to.equal('true');
      expect(replay.text).to.equal(created.text);
    });

    it('Get without it, at both paths: 400 invalid_profile_url, for a session that exists as for one that does not', async () => {
      const created = await create(ucpAgent(suite.validProfile()));
      expect(created.status, created.text).to.equal(201);
      for (const path of ['checkout', 'checkout-sessions']) {
        for (const id of [created.body.id as string, randomUUID()]) {
          const response = await request<Json>(`${ucpBase()}/${path}/${id}`);
          expectUcpError(response, 400, 'UCP_PROFILE_URL_INVALID', 'invalid_profile_url');
          expect(response.text, 'nothing of the session is answered').not.to.contain('agent-reference');
        }
      }
    });

    it('both with a valid profile: 201, then 200 with the same session at either path', async () => {
      const agent = ucpAgent(suite.validProfile());
      for (const path of ['checkout', 'checkout-sessions']) {
        const created = await createAt(path, agent);
        expect(created.status, created.text).to.equal(201);
        expect(created.body.ucp.capabilities).to.deep.equal({
          'dev.ucp.shopping.checkout': [{ version: '2026-08-25' }],
        });
        for (const readPath of ['checkout', 'checkout-sessions']) {
          const read = await request<Json>(`${ucpBase()}/${readPath}/${created.body.id}`, { headers: agent });
          expect(read.status, read.text).to.equal(200);
          expect(read.body).to.deep.equal(created.body);
        }
      }
    });
  });

  describe('refuses what UCP prescribes', () => {
    it('a malformed header: 400 invalid_profile_url', async () => {
      for (const header of [
        'profile=https://a.example/p',
        'profile="https://a.example/p',
        'Profile="x"',
        'profile=("a")',
        '"x"',
        'a=1,',
      ]) {
        expectUcpError(await create({ 'UCP-Agent': header }), 400, 'UCP_PROFILE_URL_INVALID', 'invalid_profile_url');
      }
      expectUcpError(
        await create({ 'UCP-Agent': `profile="https://a.example/${'x'.repeat(2100)}"` }),
        400,
        'UCP_PROFILE_URL_INVALID',
        'invalid_profile_url',
      );
    });

    it('a profile URL that is not https, or resolves to a private address: 400 invalid_profile_url, no connection', async () => {
      expectUcpError(
        await create(ucpAgent('http://platform.example/p')),
        400,
        'UCP_PROFILE_URL_INVALID',
        'invalid_profile_url',
      );
      expectUcpError(
        await create(ucpAgent('ftp://127.0.0.1/p')),
        400,
        'UCP_PROFILE_URL_INVALID',
        'invalid_profile_url',
      );
      for (const host of ['private.ucp.test', 'metadata.ucp.test', '10.1.2.3', '169.254.169.254']) {
        const response = await create(ucpAgent(`https://${host}/profile.json`));
        expectUcpError(response, 400, 'UCP_PROFILE_URL_INVALID', 'invalid_profile_url');
        expect(response.text).not.to.match(/10\.0\.0\.9|169\.254\.169\.254 /);
      }
    });

    it('unreachable, 404, a redirect or too slow: 424 profile_unreachable', async () => {
      const gone = `${suite.profiles.origin}/missing.json`;
      expectUcpError(await create(ucpAgent(gone)), 424, 'UCP_PROFILE_UNREACHABLE', 'profile_unreachable');
      expectUcpError(
        await create(ucpAgent('http://127.0.0.1:1/p.json')),
        424,
        'UCP_PROFILE_UNREACHABLE',
        'profile_unreachable',
      );
      const redirect = suite.profiles.publish({ status: 302, headers: { location: suite.validProfile() }, raw: '' });
      expectUcpError(await create(ucpAgent(redirect)), 424, 'UCP_PROFILE_UNREACHABLE', 'profile_unreachable');
      const slow = suite.profiles.publish({ hang: true });
      expectUcpError(await create(ucpAgent(slow)), 424, 'UCP_PROFILE_UNREACHABLE', 'profile_unreachable');
    });

    it('invalid JSON, oversized, or not a platform profile: 422 profile_malformed', async () => {
      const cases = [
        suite.profiles.publish({ raw: '{"ucp":' }),
        suite.profiles.publish({ raw: JSON.stringify({ pad: 'x'.repeat(130 * 1024) }) }),
        suite.profiles.publish({ raw: JSON.stringify({ pad: 'x'.repeat(130 * 1024) }), announceLength: true }),
        suite.profiles.publish({ body: { ucp: { version: '2026-08-25' } } }),
        suite.profiles.publish({
          body: { ucp: { ...(platformProfile() as Json).ucp, payment_handlers: { x: [{}] } } },
        }),
        suite.profiles.publish({ body: [] }),
      ];
      for (const url of cases) {
        const response = await create(ucpAgent(url));
        expectUcpError(response, 422, 'UCP_PROFILE_MALFORMED', 'profile_malformed');
      }
    });

    it('another protocol version: 422 version_unsupported', async () => {
      const old = suite.profiles.publish({ body: platformProfile(undefined, '2026-04-08') });
      const response = await create(ucpAgent(old));
      expectUcpError(response, 422, 'UCP_VERSION_UNSUPPORTED', 'version_unsupported');
      expect(response.body.content).to.include('2026-04-08').and.include('2026-08-25');
    });

    it('no checkout capability in common: 200 with ucp.status error, capabilities_incompatible', async () => {
      const cart = suite.profiles.publish({
        body: platformProfile({
          'dev.ucp.shopping.cart': [
            { version: '2026-08-25', spec: 'https://ucp.dev/s', schema: 'https://ucp.dev/s.json' },
          ],
        }),
      });
      const response = await create(ucpAgent(cart));
      expect(response.status).to.equal(200);
      expect(response.body.code).to.equal('UCP_CAPABILITIES_INCOMPATIBLE');
      expect(response.body.ucp).to.deep.equal({ version: '2026-08-25', status: 'error', capabilities: {} });
      expect(response.body.messages[0]).to.include({ code: 'capabilities_incompatible' });
      expect(response.body.id).to.equal(undefined);
    });

    it('a failure is not kept for replay when it is 424: the same key runs again once the profile is back', async () => {
      const key = randomUUID();
      const path = `/late-${randomUUID()}.json`;
      const late = `${suite.profiles.origin}${path}`;
      expect((await create({ ...ucpAgent(late), 'Idempotency-Key': key })).status).to.equal(424);
      suite.profiles.routes.set(path, { body: platformProfile() });
      suite.app.advance(6_000);
      const again = await create({ ...ucpAgent(late), 'Idempotency-Key': key });
      expect(again.status, again.text).to.equal(201);
    });
  });

  describe('the UCP-Agent header parser (RFC 8941 dictionary)', () => {
    const url = 'https://platform.example/.well-known/ucp';
    it('reads profile among other members, parameters and whitespace; later members win', () => {
      expect(profileOfUcpAgent(`profile="${url}"`, false)).to.deep.equal({ url });
      expect(profileOfUcpAgent(`a=1, profile="${url}";v=2 , b`, false)).to.deep.equal({ url });
      expect(profileOfUcpAgent(`profile="https://x.example/a", profile="${url}"`, false)).to.deep.equal({ url });
      expect(profileOfUcpAgent(`profile="https://x.example/\\"q\\""`, false)).to.deep.equal({
        url: 'https://x.example/"q"',
      });
      expect(profileOfUcpAgent(undefined, false)).to.equal(undefined);
    });
    it('refuses what is not a dictionary or has no string profile, in one linear pass', () => {
      for (const header of [
        '',
        'profile',
        'profile=1',
        'profile="a\\x"',
        `profile="${url}",`,
        'PROFILE="x"',
        'profile="é"',
      ]) {
        expect(profileOfUcpAgent(header, false), header).to.have.property('problem');
      }
      expect(profileOfUcpAgent(`${'a,'.repeat(1000)}b`, false)).to.have.property('problem');
    });
    it('allows http only on loopback, and only with the development flag', () => {
      expect(profileOfUcpAgent('profile="http://127.0.0.1:9/p"', false)).to.have.property('problem');
      expect(profileOfUcpAgent('profile="http://127.0.0.1:9/p"', true)).to.deep.equal({ url: 'http://127.0.0.1:9/p' });
      expect(profileOfUcpAgent('profile="http://10.0.0.1/p"', true)).to.have.property('problem');
      expect(profileOfUcpAgent('profile="https://u:p@a.example/p"', true)).to.have.property('problem');
    });
  });
});
