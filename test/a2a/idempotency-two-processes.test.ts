import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import pg from 'pg';
import { startServiceProcess, type ChildRun } from '../helpers/child-service.ts';
import { createIsolatedDatabase } from '../helpers/isolated-database.ts';

/** `npm start` as a child process on `databaseUrl`; answers its site URL once it listens. */
async function startInstance(databaseUrl: string, runs: ChildRun[]): Promise<string> {
  // 102 requests from one address within a minute: the budget is tested elsewhere.
  const { url } = await startServiceProcess({ DATABASE_URL: databaseUrl, A2A_RATE_LIMIT_PER_MINUTE: '100000' }, runs);
  return url;
}

const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;

describeOnPostgres('Idempotency-Key across two service processes on one PostgreSQL', function () {
  this.timeout(180_000);
  const runs: ChildRun[] = [];
  let database: { url: string; drop: () => Promise<void> };
  let urls: string[];

  before(async () => {
    database = await createIsolatedDatabase(process.env.DATABASE_URL!);
    // One after the other: the first migrates the empty database, the second finds it migrated.
    urls = [await startInstance(database.url, runs)];
    urls.push(await startInstance(database.url, runs));
  });

  after(async () => {
    for (const run of runs) run.child.kill('SIGTERM');
    await Promise.all(runs.map((run) => run.exited));
    await database?.drop();
  });

  it('100 parallel requests with one key, half to each instance, execute the skill once', async () => {
    const key = randomUUID();
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 'two-processes',
      method: 'message/send',
      params: {
        message: {
          kind: 'message',
          messageId: 'm-two-processes',
          role: 'user',
          parts: [{ kind: 'data', data: { skill: 'find-businesses', arguments: { industry: 'hvac' } } }],
        },
      },
    });
    const answers = await Promise.all(
      Array.from({ length: 100 }, async (_, index) => {
        const response = await fetch(`${urls[index % 2]}/api/v1/agent/a2a`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          body,
        });
        return {
          status: response.status,
          replayed: response.headers.get('idempotency-replayed'),
          retryAfter: response.headers.get('retry-after'),
          text: await response.text(),
        };
      }),
    );
    const executed = answers.filter((answer) => answer.status === 200 && answer.replayed === null);
    const replayed = answers.filter((answer) => answer.status === 200 && answer.replayed === 'true');
    const inProgress = answers.filter((answer) => answer.status === 409);
    expect(executed, 'answers that executed the skill').to.have.length(1);
    expect(
      executed.length + replayed.length + inProgress.length,
      JSON.stringify(answers.map((a) => a.status)),
    ).to.equal(100);
    for (const answer of replayed) expect(answer.text, 'a replay is byte for byte').to.equal(executed[0]!.text);
    for (const answer of inProgress) {
      expect(JSON.parse(answer.text).code).to.equal('IDEMPOTENCY_REQUEST_IN_PROGRESS');
      expect(Number(answer.retryAfter)).to.be.greaterThan(0);
    }

    // One task exists for that one execution, whichever instance ran it.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from agent_tasks');
      expect(rows[0]!.n).to.equal(1);
    } finally {
      await client.end();
    }

    // Afterwards every instance replays the stored answer.
    for (const url of urls) {
      const again = await fetch(`${url}/api/v1/agent/a2a`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body,
      });
      expect(again.status).to.equal(200);
      expect(again.headers.get('idempotency-replayed')).to.equal('true');
      expect(await again.text()).to.equal(executed[0]!.text);
    }
  });
});
