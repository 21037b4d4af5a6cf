import { createServer, type AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createIsolatedDatabase } from '../helpers/isolated-database.ts';
import { logLines, runScript, waitFor } from '../helpers/child-service.ts';
import { freshDataDir } from '../helpers/test-service.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** What the public lists hold: the directory's and the blog's totals, and whether opportunities are listed. */
async function listContents(origin: string): Promise<{ listings: number; posts: number; opportunities: boolean }> {
  const json = async (path: string) => {
    const response = await fetch(`${origin}/api${path}`);
    expect(response.status, path).to.equal(200);
    return (await response.json()) as { data: unknown[]; meta: { total?: number } };
  };
  const [listings, posts, opportunities] = await Promise.all([
    json('/v1/directory/public?per_page=1'),
    json('/v1/blog/posts?per_page=1'),
    json('/v1/government-opportunities/public?per_page=1'),
  ]);
  return {
    listings: listings.meta.total ?? 0,
    posts: posts.meta.total ?? 0,
    opportunities: opportunities.data.length > 0,
  };
}

describe('start-up readiness', function () {
  this.timeout(300_000);

  it('answers nothing, health included, before the first start has seeded its demo content', async () => {
    // On a server database the demo content is seeded when asked (SEED_DEMO), into a database of its own.
    const isolated = process.env.DATABASE_URL ? await createIsolatedDatabase(process.env.DATABASE_URL) : undefined;
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const run = runScript('scripts/start.ts', {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: freshDataDir(),
      DATABASE_URL: isolated?.url,
      SEED_DEMO: 'true',
    });
    try {
      // Health is polled from before the port opens, as an orchestrator would; the lists are read
      // the moment it first answers 200.
      const statuses = new Set<number | string>();
      let atFirstHealthy: Awaited<ReturnType<typeof listContents>> | undefined;
      while (!atFirstHealthy) {
        if (run.child.exitCode !== null) throw new Error(`the service exited: ${run.stderr()}`);
        const status = await fetch(`${origin}/api/health`).then(
          (response) => response.status,
          () => 'refused',
        );
        statuses.add(status);
        if (status === 200) atFirstHealthy = await listContents(origin);
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }

      await waitFor(
        () => logLines(run.stdout()).find((line) => String(line.msg).startsWith('listening')),
        60_000,
        'the listening log line',
      );
      const complete = await listContents(origin);
      expect(complete.listings, 'demo listings').to.be.greaterThan(0);
      expect(complete.posts, 'demo posts').to.be.greaterThan(0);
      expect(complete.opportunities, 'demo opportunities').to.equal(true);
      expect(
        atFirstHealthy,
        `lists at the first healthy answer (health answered: ${[...statuses].join(', ')})`,
      ).to.deep.equal(complete);
      expect(
        [...statuses].filter((status) => status !== 'refused' && status !== 200),
        'answers other than refused and 200',
      ).to.deep.equal([]);
    } finally {
      run.child.kill('SIGTERM');
      await run.exited;
      await isolated?.drop();
    }
  });
});
