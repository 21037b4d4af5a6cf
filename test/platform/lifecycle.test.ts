import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import { closeGracefully } from '../../adapters/http/graceful-close.ts';
import { logLines, runScript, waitFor } from '../helpers/child-service.ts';
import { request } from '../helpers/http.ts';
import { freshDataDir } from '../helpers/test-service.ts';

describe('graceful shutdown', function () {
  this.timeout(60_000);

  it('lets an in-flight request finish and refuses new connections', async () => {
    const app = new Koa();
    app.use(async (ctx) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      ctx.body = { done: true };
    });
    const server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

    const inFlight = request(url);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = closeGracefully(server, 5_000);
    const response = await inFlight;
    expect(response.status).to.equal(200);
    expect(response.body).to.deep.equal({ done: true });
    await closing;
    let refused = false;
    await fetch(url).catch(() => (refused = true));
    expect(refused, 'new connection after close').to.equal(true);
  });

  it('npm start stops cleanly on SIGTERM: drains, closes the database, exits 0', async () => {
    const run = runScript('scripts/start.ts', {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: freshDataDir(),
      DATABASE_URL: process.env.DATABASE_URL,
      // Seeding runs before the service listens; this test is about stopping, not seeding.
      SEED_DEMO: 'false',
    });
    const listening = await waitFor(
      () =>
        logLines(run.stdout()).find((line) => typeof line.url === 'string' && String(line.msg).startsWith('listening')),
      45_000,
      `the listening log line; stderr: ${run.stderr()}`,
    );
    const url = listening.url as string;
    expect((await request(`${url}/api/health`)).status).to.equal(200);
    run.child.kill('SIGTERM');
    expect(await run.exited).to.equal(0);
    const messages = logLines(run.stdout()).map((line) => line.msg);
    expect(messages).to.include('shutdown complete');
  });
});

describe('configuration at start-up', function () {
  this.timeout(30_000);

  for (const [variable, value] of [
    ['PORT', 'eighty'],
    ['SITE_URL', 'https://example.com/some/path'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'maybe'],
  ] as const) {
    it(`fails start-up naming ${variable} when it is invalid`, async () => {
      const run = runScript('scripts/start.ts', { [variable]: value, DATA_DIR: freshDataDir() });
      expect(await run.exited).to.equal(1);
      expect(run.stderr()).to.contain(variable);
      expect(run.stderr()).to.contain('Invalid configuration');
    });
  }
});
