import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { logFormatFor } from '../../core/logger.ts';
import { runScript, waitFor, type ChildRun } from '../helpers/child-service.ts';
import { freshDataDir } from '../helpers/test-service.ts';

/** Every stdout line parsed as JSON; fails naming the first line that is not. */
function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`a stdout line that is not JSON: ${line}`);
      }
    });
}

/** The embedded database is what a newcomer's start uses; these children never take DATABASE_URL. */
function start(env: Record<string, string>): ChildRun {
  return runScript('scripts/start.ts', { PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'development', ...env });
}

async function stop(run: ChildRun): Promise<void> {
  if (run.child.exitCode !== null) return;
  run.child.kill('SIGTERM');
  expect(await run.exited, run.stderr()).to.equal(0);
}

/** A start-up failure: exit 1, and on stderr exactly one line, with no stack frame anywhere. */
async function expectOneSentence(run: ChildRun): Promise<string> {
  expect(await run.exited, run.stderr()).to.equal(1);
  const lines = run
    .stderr()
    .split('\n')
    .filter((line) => line.length > 0);
  expect(lines, run.stderr()).to.have.length(1);
  const stackFrames = `${run.stdout()}\n${run.stderr()}`
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '));
  expect(stackFrames).to.deep.equal([]);
  return lines[0]!;
}

const URL_FIELDS = ['landing', 'docs', 'openapi', 'mcp', 'a2a_card', 'discovery', 'health'] as const;

describe('npm start output', function () {
  this.timeout(240_000);
  const dataDir = freshDataDir();
  const runs: ChildRun[] = [];

  after(async () => {
    for (const run of runs) if (run.child.exitCode === null) run.child.kill('SIGKILL');
  });

  it('JSON logs on a first start: progress, seeding counts, then one banner record with every URL and the demo owner', async () => {
    const run = start({ DATA_DIR: dataDir });
    runs.push(run);
    const banner = await waitFor(
      () => jsonLines(run.stdout()).find((line) => String(line.msg).startsWith('listening')),
      180_000,
      `the banner; stderr: ${run.stderr()}`,
    );
    try {
      const messages = jsonLines(run.stdout()).map((line) => String(line.msg));
      expect(messages[0]).to.match(/^creating the embedded database in .* \(first start/);
      expect(messages).to.include.members(['applied migrations', 'seeded 72 posts', 'seeded 1000 listings']);
      expect(messages.some((message) => /^applying \d+ migrations$/.test(message))).to.equal(true);
      const site = String(banner.url);
      expect(banner).to.deep.include({
        landing: `${site}/`,
        docs: `${site}/api/docs`,
        openapi: `${site}/api/openapi.json`,
        mcp: `${site}/api/v1/mcp`,
        a2a_card: `${site}/api/v1/agent/a2a`,
        discovery: `${site}/api/v1/agent`,
        health: `${site}/api/health`,
      });
      for (const field of URL_FIELDS.filter((name) => name !== 'mcp')) {
        expect((await fetch(String(banner[field]))).status, field).to.equal(200);
      }
      const owner = banner.demo_owner as { email: string; initial_password: string };
      expect(owner.email).to.equal('owner@summit-home.example');
      expect(owner.initial_password).to.match(/^[\w-]{16}$/);
      // The landing page names the demo owner of a development start, never its password.
      const page = await (await fetch(`${site}/`, { headers: { Accept: 'text/html' } })).text();
      expect(page).to.include(owner.email).and.not.to.include(owner.initial_password);
      // Request lines are JSON too.
      expect(jsonLines(run.stdout()).some((line) => line.msg === 'request completed')).to.equal(true);
    } finally {
      await stop(run);
    }
    expect(() => jsonLines(run.stdout())).not.to.throw();
  });

  it('pretty logs (LOG_FORMAT=pretty): readable lines and a banner block, the demo owner without a password', async () => {
    const run = start({ DATA_DIR: dataDir, LOG_FORMAT: 'pretty' });
    runs.push(run);
    await waitFor(
      () => (run.stdout().includes('Health check') ? true : undefined),
      120_000,
      `the banner; stdout: ${run.stdout()} stderr: ${run.stderr()}`,
    );
    try {
      const out = run.stdout();
      expect(out).to.match(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: opening the embedded database in /m);
      expect(out).not.to.match(/^\{/m);
      const site = /INFO: listening on (http:\/\/\S+) /.exec(out)?.[1];
      expect(site).to.be.a('string');
      for (const [label, path] of [
        ['Landing page', '/'],
        ['REST API docs', '/api/docs'],
        ['MCP endpoint', '/api/v1/mcp'],
        ['A2A agent card', '/api/v1/agent/a2a'],
        ['Discovery index', '/api/v1/agent'],
        ['Health check', '/api/health'],
      ])
        expect(out).to.match(new RegExp(`^  ${label} +${site}${path}$`, 'm'));
      expect(out).to.match(
        /^ {2}Demo owner +owner@summit-home\.example \(printed on the first start; a lost one: npm run admin -- reset-password --email <this address>\)$/m,
      );

      // A second start on the same data directory: one sentence, exit 1, and the first keeps running.
      const second = start({ DATA_DIR: dataDir });
      runs.push(second);
      const sentence = await expectOneSentence(second);
      expect(sentence).to.match(
        /^The embedded database in .* is in use by process \d+ \(the service is already running there\)\. .*DATA_DIR/,
      );
      expect(() => jsonLines(second.stdout())).not.to.throw();
      expect((await fetch(`${site}/api/health`)).status).to.equal(200);
    } finally {
      await stop(run);
    }
  });
});

describe('start-up failures', function () {
  this.timeout(120_000);
  let busy: Server;
  let port: number;

  before(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    port = (busy.address() as AddressInfo).port;
  });

  after(async () => {
    await new Promise<void>((resolve) => busy.close(() => resolve()));
  });

  it('a busy port is one sentence naming the port and the fix, exit 1, and the data directory is released', async () => {
    const dataDir = freshDataDir();
    const run = start({ PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false' });
    const sentence = await expectOneSentence(run);
    expect(sentence).to.equal(
      `Cannot listen: port ${port} on 127.0.0.1 is already in use by another process; stop that process, or choose another port (PORT=${port + 1} npm start).`,
    );
    expect(() => jsonLines(run.stdout())).not.to.throw();
    // The lock went with the process: the next start on the same directory is not refused.
    const again = start({ PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false' });
    expect(await expectOneSentence(again)).to.match(/already in use/);
  });

  it('npm run dev:facilitator on a busy port: the same sentence with FACILITATOR_PORT, exit 1', async () => {
    const run = runScript('scripts/dev-facilitator.ts', { FACILITATOR_PORT: String(port) });
    expect(await expectOneSentence(run)).to.equal(
      `Cannot listen: port ${port} on 127.0.0.1 is already in use by another process; stop that process, or choose another port (FACILITATOR_PORT=${port + 1} npm run dev:facilitator).`,
    );
  });

  it('an unreachable DATABASE_URL is one sentence naming DATABASE_URL, exit 1', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const run = start({ DATABASE_URL: `postgres://nobody@127.0.0.1:${closedPort}/none`, DATA_DIR: freshDataDir() });
    expect(await expectOneSentence(run)).to.match(
      /^Cannot reach the PostgreSQL server of DATABASE_URL .*correct DATABASE_URL/,
    );
  });

  it('an invalid LOG_FORMAT is a configuration error naming it', async () => {
    const run = start({ LOG_FORMAT: 'xml', DATA_DIR: freshDataDir() });
    expect(await run.exited).to.equal(1);
    expect(run.stderr()).to.contain('LOG_FORMAT: expected pretty or json');
  });
});

describe('log format choice', () => {
  it('is LOG_FORMAT when set, else pretty on a terminal and JSON otherwise', () => {
    expect(logFormatFor(undefined, { isTTY: true })).to.equal('pretty');
    expect(logFormatFor(undefined, { isTTY: false })).to.equal('json');
    expect(logFormatFor(undefined, {})).to.equal('json');
    expect(logFormatFor('json', { isTTY: true })).to.equal('json');
    expect(logFormatFor('pretty', { isTTY: false })).to.equal('pretty');
  });
});
