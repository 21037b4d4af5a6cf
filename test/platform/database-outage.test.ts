import { expect } from 'chai';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../orm/embedded/embedded-postgres.ts';
import { send03, skillPart03 } from '../a2a/fixtures.ts';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { TcpProxy } from '../helpers/tcp-proxy.ts';
import { freshDataDir, startTestService, testConfig, type TestService } from '../helpers/test-service.ts';

async function waitForHealthy(url: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let last = 0;
  while (Date.now() < deadline) {
    last = (await request(`${url}/api/health`)).status;
    if (last === 200) return last;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return last;
}

describe('database outage', function () {
  this.timeout(60_000);
  let embedded: EmbeddedPostgres | undefined;
  let proxy: TcpProxy;
  let service: TestService;

  before(async () => {
    // The service reaches its database through a proxy the test can cut: a PostgreSQL server
    // when DATABASE_URL is set, otherwise an embedded database of its own.
    const server = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : undefined;
    if (!server) embedded = await startEmbeddedPostgres(freshDataDir());
    proxy = await new TcpProxy(
      server ? { host: server.hostname, port: Number(server.port) } : { path: embedded!.socketPath },
    ).start();
    const proxied = new URL(server ?? 'postgresql://postgres@127.0.0.1/postgres?sslmode=disable');
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    service = await startTestService({ config: testConfig({ DATABASE_URL: proxied.toString(), DB_POOL_MAX: '1' }) });
  });

  after(async () => {
    await service?.stop();
    await proxy?.stop();
    await embedded?.stop();
  });

  it('answers 503 DATABASE_UNAVAILABLE while the database is unreachable, and recovers by itself', async () => {
    expect((await request(`${service.url}/api/health`)).status).to.equal(200);

    proxy.cut();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await request(`${service.url}/api/health`);
      expectErrorMessage(response, 503, 'DATABASE_UNAVAILABLE');
      expect(response.headers.get('retry-after')).to.match(/^\d+$/);
    }
    // Every transport answers the outage as such: REST and tRPC with the ErrorMessage and status 503,
    // OAuth as temporarily_unavailable (RFC 6749).
    const list = await request(`${service.url}/api/v1/directory/public?per_page=5`);
    expectErrorMessage(list, 503, 'DATABASE_UNAVAILABLE');
    expect(list.headers.get('retry-after')).to.match(/^\d+$/);
    const trpc = await request<{ error: { data: { errorMessage: { code: string } } } }>(
      `${service.url}/api/trpc/workspace.business.getBusinessProfile?input=${encodeURIComponent('{}')}`,
      { headers: { authorization: `Bearer fsa_ws_${'a'.repeat(43)}` } },
    );
    expect(trpc.status, trpc.text).to.equal(503);
    expect(trpc.body.error.data.errorMessage.code).to.equal('DATABASE_UNAVAILABLE');
    const token = await request<{ error: string }>(`${service.url}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body:
        'grant_type=authorization_code&code=abc&client_id=nobody&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcallback&code_verifier=' +
        'a'.repeat(43),
    });
    expect(token.status, token.text).to.equal(503);
    expect(token.body.error).to.equal('temporarily_unavailable');
    // A2A: a server failure inside a well-formed request is a JSON-RPC error -32603 with the HTTP
    // status of the outage and the ErrorMessage as its data.
    const a2a = await request<{ error: { code: number; data: { code: string; status: number } } }>(
      `${service.url}/api/v1/agent/a2a`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(send03([skillPart03('find-blog-posts', {})])),
      },
    );
    expect(a2a.status, a2a.text).to.equal(503);
    expect(a2a.body.error.code).to.equal(-32603);
    expect(a2a.body.error.data).to.include({ code: 'DATABASE_UNAVAILABLE', status: 503 });
    expect(a2a.headers.get('retry-after')).to.match(/^\d+$/);
    // The rest of the service keeps answering meanwhile.
    expect((await request(`${service.url}/api/openapi.json`)).status).to.equal(200);

    proxy.restore();
    expect(await waitForHealthy(service.url, 15_000)).to.equal(200);
  });
});
