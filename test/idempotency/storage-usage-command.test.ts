import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { send03, skillPart03 } from '../a2a/fixtures.ts';
import { runAdmin as admin } from '../helpers/admin-command.ts';
import { service } from '../helpers/root-hooks.ts';
import { freshDataDir, startTestService, testConfig } from '../helpers/test-service.ts';
import { ucpAgentHeaders } from '../helpers/ucp-checkout.ts';

/** One A2A task answered under a key (a task row, a key row referencing it) and one checkout kept under a key (a body). */
async function storeAnswers(url: string): Promise<void> {
  const agent = await ucpAgentHeaders();
  const post = (path: string, body: unknown) =>
    fetch(`${url}/api${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(), ...agent },
      body: JSON.stringify(body),
    });
  expect((await post('/v1/agent/a2a', send03([skillPart03('find-blog-posts', {})]))).status).to.equal(200);
  expect((await post('/v1/agent/ucp/checkout', {})).status).to.equal(201);
}

interface Usage {
  tables: Array<{ table: string; rows: number; answer_bytes: number; table_bytes: number }>;
}

describe('npm run admin -- storage-usage', function () {
  this.timeout(180_000);
  let env: Record<string, string>;
  before(async () => {
    if (process.env.DATABASE_URL) {
      env = { DATABASE_URL: process.env.DATABASE_URL };
      await storeAnswers(service().url);
    } else {
      // The embedded database allows one process per directory: store with a service, stop it, then run the command.
      const dataDir = freshDataDir();
      const storing = await startTestService({ config: testConfig({ DATA_DIR: dataDir }) });
      try {
        await storeAnswers(storing.url);
      } finally {
        await storing.stop();
      }
      env = { DATA_DIR: dataDir };
    }
  });

  it('prints the rows and bytes the tasks and the Idempotency-Key answers keep', async () => {
    const run = await admin(env, ['storage-usage']);
    expect(run.code, run.stderr).to.equal(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).to.match(/^TABLE\s+ROWS\s+ANSWER BYTES\s+TABLE BYTES$/);
    for (const table of ['agent_tasks', 'idempotency_keys']) {
      const line = lines.find((candidate) => candidate.startsWith(`${table} `));
      expect(line, table).to.match(
        /^\S+\s+[1-9]\d*\s+[1-9]\d* \(\d+(\.\d)? (B|KiB|MiB)\)\s+[1-9]\d* \(\d+(\.\d)? (B|KiB|MiB)\)$/,
      );
    }
  });

  it('--json gives the same numbers; a task kept under a key is counted once, in agent_tasks', async () => {
    const run = await admin(env, ['storage-usage', '--json']);
    expect(run.code, run.stderr).to.equal(0);
    const usage = JSON.parse(run.stdout) as Usage;
    expect(usage.tables.map((row) => row.table)).to.deep.equal(['agent_tasks', 'idempotency_keys']);
    const [tasks, keys] = usage.tables;
    expect(tasks!.rows).to.be.at.least(1);
    expect(keys!.rows).to.be.at.least(2);
    // The key of the task keeps its id only; the checkout's key keeps its body (a session, about a kilobyte).
    expect(tasks!.answer_bytes).to.be.greaterThan(0);
    expect(keys!.answer_bytes).to.be.greaterThan(0);
    for (const row of usage.tables) expect(row.table_bytes).to.be.at.least(row.answer_bytes);
  });

  it('takes no flags but --json and --help (exit status 2 otherwise)', async () => {
    const run = await admin(env, ['storage-usage', '--limit', '3']);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.match(/Unknown option '--limit'/);
  });
});
