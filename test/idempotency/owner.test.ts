import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { expect } from 'chai';
import { createContextInner, type Principal } from '../../core/context.ts';
import { createLogger } from '../../core/logger.ts';
import { idempotencyOwner } from '../../core/services/idempotency/owner.ts';
import { send03, skillPart03 } from '../a2a/fixtures.ts';
import { randomClientAddress, randomLoopbackAddress } from '../government/helpers.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { startAdjustedApp, type TestApp } from '../helpers/test-service.ts';
import { ucpAgentHeaders } from '../helpers/ucp-checkout.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A POST from a chosen source address (`localAddress`, any of 127.0.0.0/8), which fetch cannot do. */
function postFrom(url: string, localAddress: string | undefined, headers: Record<string, string>, body: string) {
  return new Promise<Answer>((resolve, reject) => {
    const options = {
      method: 'POST',
      localAddress,
      agent: false,
      headers: { 'Content-Type': 'application/json', ...headers },
    };
    const req = httpRequest(url, options, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** How a client reaches the app: its own source address, or its own X-Forwarded-For entry behind the trusted proxy. */
interface Client {
  name: string;
  post(path: string, headers: Record<string, string>, body: string): Promise<Answer>;
}

const ucpBody = '{}';
const a2aBody = JSON.stringify(send03([skillPart03('explain-paid-reference', {})]));

/** The capability an answer hands out: the checkout session id, or the A2A task id. */
function capability(answer: Answer): string {
  const body = JSON.parse(answer.text);
  return body.result?.id ?? body.id;
}

/**
 * Finding 4 of issue 27: the same Idempotency-Key and the same body from two clients are two
 * requests, each executed once and each replayed only to its own client.
 */
function itKeepsKeysPerClient(clients: () => [Client, Client, Client]): void {
  for (const [endpoint, path, body, otherBody, created] of [
    ['UCP checkout', '/api/v1/agent/ucp/checkout', ucpBody, '{"buyer":{"email":"c@example.com"}}', 201],
    [
      'A2A message/send',
      '/api/v1/agent/a2a',
      a2aBody,
      JSON.stringify(send03([skillPart03('find-blog-posts', {})])),
      200,
    ],
  ] as const) {
    it(`${endpoint}: two clients, one key, one body: two executions with two answers; each replays its own`, async () => {
      const [a, b, c] = clients();
      const key = randomUUID();
      // A checkout names the platform profile (UCP-Agent): the same header from every client.
      const keyed = { 'Idempotency-Key': key, ...(endpoint === 'UCP checkout' ? await ucpAgentHeaders() : {}) };
      const first = await a.post(path, keyed, body);
      expect(first.status, first.text).to.equal(created);
      const other = await b.post(path, keyed, body);
      expect(other.status, other.text).to.equal(created);
      expect(other.headers['idempotency-replayed'], "B never receives A's answer").to.equal(undefined);
      expect(capability(other)).to.not.equal(capability(first));

      for (const [client, own] of [
        [a, first],
        [b, other],
      ] as const) {
        const replay = await client.post(path, keyed, body);
        expect(replay.headers['idempotency-replayed'], client.name).to.equal('true');
        expect(replay.text, client.name).to.equal(own.text);
      }
      // A third client's different body with the key runs too: no 409 oracle on A's request, no squatting on A's key.
      const squatted = await c.post(path, keyed, otherBody);
      expect(squatted.status, squatted.text).to.equal(created);
    });
  }
}

describe('Idempotency-Key: a key belongs to its caller (issue 27, finding 4)', function () {
  this.timeout(60_000);

  describe('clients connecting directly (their socket address)', () => {
    const direct = (address: string): Client => ({
      name: address,
      post: (path, headers, body) =>
        postFrom(`${service().url.replace('localhost', '127.0.0.1')}${path}`, address, headers, body),
    });
    itKeepsKeysPerClient(() => [
      direct(randomLoopbackAddress()),
      direct(randomLoopbackAddress()),
      direct(randomLoopbackAddress()),
    ]);
  });

  describe('clients behind the trusted proxy (X-Forwarded-For)', () => {
    let app: TestApp;
    before(async () => (app = await startAdjustedApp(service(), (config) => ({ ...config, trustProxy: true }))));
    after(() => app.close());

    const forwarded = (address: string): Client => ({
      name: address,
      post: (path, headers, body) =>
        postFrom(`${app.url}${path}`, undefined, { ...headers, 'X-Forwarded-For': address }, body),
    });
    itKeepsKeysPerClient(() => [
      forwarded(randomClientAddress()),
      forwarded(randomClientAddress()),
      forwarded(randomClientAddress()),
    ]);

    it('one IPv6 /64 is one client (its addresses share keys); another /64 is another client', async () => {
      const [third, fourth] = [randomUUID().slice(0, 4), randomUUID().slice(0, 4)];
      const prefix = `2001:db8:${third}:${fourth}`;
      const key = randomUUID();
      const agent = await ucpAgentHeaders();
      const post = (address: string) =>
        postFrom(
          `${app.url}/api/v1/agent/ucp/checkout`,
          undefined,
          { 'Idempotency-Key': key, 'X-Forwarded-For': address, ...agent },
          ucpBody,
        );
      const first = await post(`${prefix}::1`);
      expect(first.status).to.equal(201);
      const sameSubscriber = await post(`${prefix}:ffff:ffff:ffff:fffe`);
      expect(sameSubscriber.headers['idempotency-replayed']).to.equal('true');
      expect(sameSubscriber.text).to.equal(first.text);
      const neighbour = await post(`2001:db8:${third}:${((parseInt(fourth, 16) + 1) & 0xffff).toString(16)}::1`);
      expect(neighbour.status).to.equal(201);
      expect(capability(neighbour)).to.not.equal(capability(first));
    });

    it('stores each key under its owner: the client address key, never the key alone', async () => {
      const key = randomUUID();
      const address = randomClientAddress();
      await postFrom(
        `${app.url}/api/v1/agent/ucp/checkout`,
        undefined,
        { 'Idempotency-Key': key, 'X-Forwarded-For': address, ...(await ucpAgentHeaders()) },
        ucpBody,
      );
      const rows = await sql<{ owner: string }>('select owner from idempotency_keys where key = ?', [key]);
      expect(rows.map((row) => row.owner)).to.deep.equal([`client:${address}`]);
    });
  });

  describe('idempotencyOwner: the one place the owner comes from', () => {
    const owner = (principal: Principal | undefined, clientAddress?: string) =>
      idempotencyOwner(
        createContextInner({
          em: service().database.orm.em,
          urls: { site: 'http://localhost', base: 'http://localhost/api' },
          services: service().services,
          requestId: 'owner-test',
          log: createLogger('silent'),
          clientAddress,
          principal,
        }),
      );

    it('the authenticated principal wins over the address', () => {
      const oauth = {
        kind: 'oauth',
        businessId: 'b',
        userId: 'u',
        clientId: 'c',
        grantId: 'g-1',
        tokenId: 't',
        scopes: [],
      } as const;
      expect(owner(oauth, '192.0.2.1')).to.equal('oauth-grant:g-1');
      expect(owner({ kind: 'api_token', businessId: 'b', tokenId: 'tok-1', scopes: [] }, '192.0.2.1')).to.equal(
        'api-token:tok-1',
      );
    });

    it('an anonymous caller is its client address key: IPv4 itself, IPv4-mapped as IPv4, IPv6 per /64', () => {
      expect(owner(undefined, '192.0.2.1')).to.equal('client:192.0.2.1');
      expect(owner(undefined, '::ffff:192.0.2.1')).to.equal('client:192.0.2.1');
      expect(owner(undefined, '2001:db8:1:2:3:4:5:6')).to.equal('client:2001:db8:1:2::/64');
      expect(owner(undefined, undefined)).to.equal('in-process');
    });

    it('an address that is not one (a proxy forwarded any text) is bounded to the column', () => {
      const long = owner(undefined, 'x'.repeat(5000));
      expect(long).to.match(/^sha256:[0-9a-f]{64}$/);
    });
  });
});
