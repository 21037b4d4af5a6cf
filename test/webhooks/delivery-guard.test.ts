import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebhookPoster } from '../../adapters/webhooks/http-post.ts';
import type { Resolver } from '../../adapters/outbound/guarded-lookup.ts';

/**
 * The connect-time guard and the poster's limits, without the database. Refusals never open a socket:
 * the stubbed resolver answers the table's addresses; only loopback receivers are real.
 */
describe('webhook delivery: connect-time address guard and HTTP limits', function () {
  this.timeout(20_000);
  let server: Server;
  let hits = 0;
  let port = 0;

  before(async () => {
    server = createServer((req, res) => {
      hits += 1;
      if (req.url === '/hang') return; // never answers
      if (req.url === '/slow') {
        setTimeout(() => {
          res.statusCode = 204;
          res.end();
        }, 300);
        return;
      }
      if (req.url === '/big') {
        res.end('x'.repeat(10_000));
        return;
      }
      res.statusCode = 204;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  /** A resolver answering `answers` for every name (and counting the look-ups). */
  function stub(answers: string[]): Resolver & { calls: number } {
    const resolver = Object.assign(
      async () => {
        resolver.calls += 1;
        return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
      },
      { calls: 0 },
    );
    return resolver;
  }

  const refused: [string, string[]][] = [
    ['loopback', ['127.0.0.1']],
    ['IPv6 loopback', ['::1']],
    ['private 10/8', ['10.1.2.3']],
    ['private 172.16/12', ['172.20.0.5']],
    ['private 192.168/16', ['192.168.1.1']],
    ['cloud metadata (link-local)', ['169.254.169.254']],
    ['carrier-grade NAT', ['100.64.0.1']],
    ['unspecified', ['0.0.0.0']],
    ['IPv4-mapped loopback', ['::ffff:127.0.0.1']],
    ['unique-local IPv6', ['fd00::1']],
    ['rebinding: a public then a private address', ['93.184.216.34', '10.0.0.1']],
    ['a private then a public address', ['192.168.0.10', '93.184.216.34']],
  ];

  for (const [name, answers] of refused) {
    it(`refuses a host resolving to ${name}, at connect time, without connecting or saying where it resolved`, async () => {
      const resolver = stub(answers);
      const poster = createWebhookPoster({ allowPrivate: false, resolver });
      const before = hits;
      const result = await poster.post(`http://receiver.example:${port}/hook`, '{}', {});
      poster.close();
      expect(resolver.calls).to.equal(1);
      expect(result.status).to.equal(undefined);
      expect(result.error).to.equal('The host receiver.example could not be reached at a public address.');
      expect(result.errorDetail, 'the detail, for the server log').to.match(/^receiver\.example resolves to /);
      expect(hits).to.equal(before);
    });
  }

  it('says the same of a name that does not resolve, and keeps the DNS error code for the log', async () => {
    const resolver: Resolver = (hostname) =>
      Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    const poster = createWebhookPoster({ allowPrivate: false, resolver });
    const result = await poster.post(`http://vm.internal.example:${port}/hook`, '{}', {});
    poster.close();
    expect(result.error).to.equal('The host vm.internal.example could not be reached at a public address.');
    expect(result.errorDetail).to.equal('vm.internal.example did not resolve (ENOTFOUND)');
  });

  it('names a refused connection without the address it connected to', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const poster = createWebhookPoster({ allowPrivate: true, resolver: stub(['127.0.0.1']) });
    const result = await poster.post(`http://receiver.example:${closedPort}/hook`, '{}', {});
    poster.close();
    expect(result.error).to.equal('The host could not be reached (the connection was refused).');
    expect(result.errorDetail).to.contain(`127.0.0.1:${closedPort}`);
  });

  it('refuses literal private IP hosts before any connection (Node skips lookup for IP literals)', async () => {
    const poster = createWebhookPoster({ allowPrivate: false, resolver: stub(['93.184.216.34']) });
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://[::1]:${port}/`,
      'http://169.254.169.254/latest/meta-data',
    ]) {
      const result = await poster.post(url, '{}', {});
      expect(result.error, url).to.equal("The URL's host is not a public address.");
    }
    poster.close();
  });

  it('connects when every resolved address is allowed (WEBHOOK_ALLOW_PRIVATE_URLS=true for a loopback receiver)', async () => {
    const poster = createWebhookPoster({ allowPrivate: true, resolver: stub(['127.0.0.1']) });
    const result = await poster.post(`http://receiver.example:${port}/ok`, '{}', {});
    poster.close();
    expect(result.status).to.equal(204);
  });

  it('gives up at the deadline when the receiver never answers', async () => {
    const poster = createWebhookPoster({ allowPrivate: true, timeoutMs: 300 });
    const result = await poster.post(`http://127.0.0.1:${port}/hang`, '{}', {});
    poster.close();
    expect(result.status).to.equal(undefined);
    expect(result.error).to.match(/timed out after 300 ms/);
  });

  it('gives up connecting at the connect deadline, well before the whole deadline (a look-up that never answers)', async () => {
    // The connect phase (look-up included) never ends: as an address that drops SYNs, without the network.
    const never: Resolver = () => new Promise(() => {});
    const poster = createWebhookPoster({
      allowPrivate: true,
      resolver: never,
      timeoutMs: 10_000,
      connectTimeoutMs: 200,
    });
    const result = await poster.post(`http://receiver.example:${port}/ok`, '{}', {});
    poster.close();
    expect(result.status).to.equal(undefined);
    expect(result.error).to.equal('could not connect within 200 ms');
  });

  it('a reused keep-alive socket is not held to the connect deadline: a slow answer within the whole deadline arrives', async () => {
    const poster = createWebhookPoster({ allowPrivate: true, timeoutMs: 5000, connectTimeoutMs: 100 });
    expect((await poster.post(`http://127.0.0.1:${port}/ok`, '{}', {})).status).to.equal(204);
    const slow = await poster.post(`http://127.0.0.1:${port}/slow`, '{}', {});
    poster.close();
    expect(slow.status).to.equal(204);
  });

  it('keeps at most 1 KiB of the response body', async () => {
    const poster = createWebhookPoster({ allowPrivate: true });
    const result = await poster.post(`http://127.0.0.1:${port}/big`, '{}', {});
    poster.close();
    expect(result.status).to.equal(200);
    expect(result.responseBody).to.have.length(1024);
  });
});
