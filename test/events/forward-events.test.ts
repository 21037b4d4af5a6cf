import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { sessionSecret, startForwarder, type Forwarder } from '../../scripts/events/forward-events.ts';
import { service } from '../helpers/root-hooks.ts';
import { TcpProxy } from '../helpers/tcp-proxy.ts';
import { feedBusiness, type FeedBusiness } from './feed-fixtures.ts';

interface Delivery {
  id: string;
  type: string;
  entityId: string;
  verified: boolean;
}

/** A local receiver on a fixed port that verifies each request with standardwebhooks. */
function receiverOn(port: number, secret: string, received: Delivery[]): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
      let verified = true;
      try {
        new Webhook(secret).verify(body, headers);
      } catch {
        verified = false;
      }
      const event = JSON.parse(body) as { id: string; type: string; entity: { id: string } };
      received.push({ id: event.id, type: event.type, entityId: event.entity.id, verified });
      res.statusCode = 204;
      res.end();
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** A loopback port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 300; tries += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('npm run events:listen: forwarding the feed to a local URL', function () {
  this.timeout(60_000);
  let business: FeedBusiness;
  let forwarder: Forwarder | undefined;
  let receiver: Server | undefined;
  let proxy: TcpProxy | undefined;

  beforeEach(async () => {
    business = await feedBusiness('forward');
  });
  afterEach(async () => {
    forwarder?.stop();
    await forwarder?.done.catch(() => undefined);
    if (receiver) await closeServer(receiver);
    await proxy?.stop();
    [forwarder, receiver, proxy] = [undefined, undefined, undefined];
  });

  const start = (port: number, secret: string, lines: string[], overrides: Record<string, unknown> = {}) =>
    startForwarder({
      baseUrl: `${service().url}/api`,
      token: business.token,
      forwardTo: `http://127.0.0.1:${port}/hook`,
      secret,
      print: (line) => lines.push(line),
      waitSeconds: 5,
      retryMs: { first: 100, max: 400 },
      ...overrides,
    });

  it('posts each event from now on, signed like a webhook (standardwebhooks verifies it), one line each', async () => {
    const before = await business.createCustomer('Before the forwarder');
    const secret = sessionSecret();
    expect(secret).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const port = await freePort();
    const received: Delivery[] = [];
    receiver = await receiverOn(port, secret, received);
    const lines: string[] = [];
    forwarder = start(port, secret, lines);
    await forwarder.ready;
    const created = [await business.createCustomer('One'), await business.createCustomer('Two')];
    await until(() => lines.length >= 2, 'two deliveries');
    expect(received.map((delivery) => delivery.entityId)).to.deep.equal(created.map((customer) => customer.id));
    expect(received.every((delivery) => delivery.verified && delivery.type === 'customer.created')).to.equal(true);
    expect(received.map((delivery) => delivery.entityId)).to.not.include(before.id);
    expect(lines).to.have.length(2);
    expect(lines[0]).to.match(/customer\.created {2}[0-9a-f-]{36} {2}-> 204 \(\d+ ms\)$/);
  });

  it('keeps an event the receiver cannot take and posts it again until it can, never skipping one (--from-start)', async () => {
    const created = [await business.createCustomer('A'), await business.createCustomer('B')];
    const secret = sessionSecret();
    const port = await freePort();
    const lines: string[] = [];
    forwarder = start(port, secret, lines, { fromStart: true });
    await until(() => lines.filter((line) => line.includes('retrying')).length >= 3, 'three retries');
    // Every attempt so far is of the first event: the second waits behind it.
    const first = (await business.feed({ limit: 1 })).body.items[0].id as string;
    expect(lines.every((line) => line.includes(first))).to.equal(true);
    expect(lines[0]).to.match(/-> ECONNREFUSED .*; retrying in/);
    const received: Delivery[] = [];
    receiver = await receiverOn(port, secret, received);
    created.push(await business.createCustomer('C'));
    await until(() => received.length >= 3, 'three deliveries');
    await until(() => lines.filter((line) => line.includes('-> 204')).length >= 3, 'three lines');
    const ids = (await business.feed({ limit: 10 })).body.items.map((item: { id: string }) => item.id);
    expect(received.map((delivery) => delivery.id)).to.deep.equal(ids);
    expect(received.map((delivery) => delivery.entityId)).to.deep.equal(created.map((customer) => customer.id));
    expect(received.every((delivery) => delivery.verified)).to.equal(true);
  });

  it('reads the feed again when the service cannot be reached, losing nothing', async () => {
    const secret = sessionSecret();
    const port = await freePort();
    const received: Delivery[] = [];
    receiver = await receiverOn(port, secret, received);
    proxy = await new TcpProxy({ host: '127.0.0.1', port: Number(new URL(service().url).port) }).start();
    const lines: string[] = [];
    forwarder = start(port, secret, lines, { baseUrl: `http://127.0.0.1:${proxy.port}/api` });
    await forwarder.ready;
    proxy.cut();
    const created = await business.createCustomer('While the service was away');
    await until(() => lines.some((line) => line.includes('cannot read the feed')), 'a failed feed read');
    proxy.restore();
    await until(() => received.length >= 1, 'the delivery');
    expect(received.map((delivery) => delivery.entityId)).to.deep.equal([created.id]);
  });

  it('stops with a clear error when the token cannot read the feed', async () => {
    const lines: string[] = [];
    const refused = startForwarder({
      baseUrl: `${service().url}/api`,
      token: await business.tokenWith(['workspace:read']),
      forwardTo: 'http://127.0.0.1:9/hook',
      secret: sessionSecret(),
      print: (line) => lines.push(line),
    });
    let failure: Error | undefined;
    await refused.done.catch((error: Error) => (failure = error));
    expect(failure?.message).to.contain('403').and.contain('INSUFFICIENT_SCOPE');
  });
});
