import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { readPlatformProfile } from '../../core/services/ucp/platform-profile.ts';
import { localPlatformProfileDocument } from '../../scripts/dev/local-platform-profile.ts';
import { runScript, waitFor, type ChildRun } from '../helpers/child-service.ts';
import { request } from '../helpers/http.ts';
import { createCheckoutSession, platformProfileUrl, readCheckoutSession } from '../helpers/ucp-checkout.ts';

type Json = Record<string, any>;

/**
 * The development platform profile (`npm run dev:platform-profile`), the one a newcomer names in
 * UCP-Agent while following docs/payments.md, and the one every test's checkout names
 * (helpers/ucp-checkout.ts).
 */
describe('the development UCP platform profile', function () {
  this.timeout(60_000);

  it('is a UCP 2026-08-25 platform profile with the checkout capability, as the negotiation reads it', () => {
    const read = readPlatformProfile(localPlatformProfileDocument());
    expect(read).to.deep.equal({
      profile: {
        version: '2026-08-25',
        capabilities: { 'dev.ucp.shopping.checkout': { versions: ['2026-08-25'], extends: [] } },
      },
    });
  });

  it('is served at /.well-known/ucp on 127.0.0.1, cacheable; any other path or method is 404', async () => {
    const url = await platformProfileUrl();
    expect(new URL(url)).to.include({ hostname: '127.0.0.1', pathname: '/.well-known/ucp', protocol: 'http:' });
    const served = await request<Json>(url);
    expect(served.status).to.equal(200);
    expect(served.headers.get('content-type')).to.equal('application/json');
    expect(served.headers.get('cache-control')).to.equal('public, max-age=300');
    expect(served.body).to.deep.equal(localPlatformProfileDocument());
    expect((await request(`${new URL(url).origin}/profile.json`)).status).to.equal(404);
    expect((await request(url, { method: 'POST' })).status).to.equal(404);
  });

  it('negotiates a checkout on the shared service: created and read with the business’s checkout capability', async () => {
    const created = await createCheckoutSession<Json>();
    expect(created.status, created.text).to.equal(201);
    expect(created.body.ucp).to.deep.include({
      version: '2026-08-25',
      capabilities: { 'dev.ucp.shopping.checkout': [{ version: '2026-08-25' }] },
    });
    const read = await readCheckoutSession<Json>(created.body.id);
    expect(read.status, read.text).to.equal(200);
    expect(read.body).to.deep.equal(created.body);
  });

  describe('npm run dev:platform-profile', () => {
    const runs: ChildRun[] = [];
    after(() => {
      for (const run of runs) if (run.child.exitCode === null) run.child.kill('SIGKILL');
    });
    const script = (env: Record<string, string>) => {
      const run = runScript('scripts/dev-platform-profile.ts', env);
      runs.push(run);
      return run;
    };

    it('prints its URL and the UCP-Agent header to send, serves the profile there, and stops on SIGTERM', async () => {
      const run = script({ PLATFORM_PROFILE_PORT: '0' });
      const url = await waitFor(
        () => /on (http:\/\/127\.0\.0\.1:\d+\/\.well-known\/ucp)\n/.exec(run.stdout())?.[1],
        30_000,
        'the printed URL',
      );
      expect(run.stdout()).to.contain(`UCP_PROFILE_ALLOW_HTTP_LOOPBACK=true and send: UCP-Agent: profile="${url}"`);
      const served = await request<Json>(url);
      expect(served.status).to.equal(200);
      expect(served.body).to.deep.equal(localPlatformProfileDocument());
      run.child.kill('SIGTERM');
      expect(await run.exited, run.stderr()).to.equal(0);
    });

    it('on a busy port: one sentence naming PLATFORM_PROFILE_PORT, exit 1', async () => {
      const busy: Server = createServer();
      await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
      const port = (busy.address() as AddressInfo).port;
      try {
        const run = script({ PLATFORM_PROFILE_PORT: String(port) });
        expect(await run.exited).to.equal(1);
        expect(run.stderr().trim()).to.equal(
          `Cannot listen: port ${port} on 127.0.0.1 is already in use by another process; stop that process, or choose another port (PLATFORM_PROFILE_PORT=${port + 1} npm run dev:platform-profile).`,
        );
      } finally {
        await new Promise<void>((resolve) => busy.close(() => resolve()));
      }
    });

    it('refuses a port that is not a port number: exit 1 naming the variable', async () => {
      const run = script({ PLATFORM_PROFILE_PORT: 'eighty' });
      expect(await run.exited).to.equal(1);
      expect(run.stderr()).to.equal('PLATFORM_PROFILE_PORT must be a port number (0 to 65535), not eighty\n');
    });
  });
});
