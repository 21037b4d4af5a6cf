import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import { loadConfig } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { createCoreServices } from '../../orm/core-services.ts';
import { openDatabase } from '../../orm/database.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { runAdmin as admin } from '../helpers/admin-command.ts';
import {
  repoRoot,
  runScript,
  startServiceProcess,
  type AdminRun,
  type ChildRun,
  type ServiceProcess,
} from '../helpers/child-service.ts';
import { freshDataDir } from '../helpers/test-service.ts';
import { uniqueSuffix } from './fixtures.ts';

const NOBODY = 65534;

function expectSuccess(run: AdminRun, what: string): void {
  expect(run.code, `${what}: ${run.stderr}`).to.equal(0);
}

async function finished(run: ChildRun): Promise<AdminRun> {
  const code = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

/** `npm run admin` as another OS user (root only): who may not open the service's socket. */
async function adminAs(uid: number, env: Record<string, string>, args: string[]): Promise<AdminRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    uid,
    gid: uid,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

async function stopService(run: ChildRun): Promise<void> {
  if (run.child.exitCode !== null) return;
  run.child.kill('SIGTERM');
  await run.exited;
}

/** The system caller on the directory, with the service stopped: what the CLI sees then. */
async function withStoppedDatabase<T>(dataDir: string, work: (caller: ReturnType<typeof systemCaller>) => Promise<T>) {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config.database);
  try {
    const log = createLogger('silent');
    return await work(systemCaller({ orm: database.orm, services: createCoreServices(database, config), config, log }));
  } finally {
    await database.close();
  }
}

describe('npm run admin, seed and db:serve beside a running service on the embedded database', function () {
  this.timeout(300_000);
  const runs: ChildRun[] = [];
  const suffix = uniqueSuffix();
  const owner = `beside-${suffix}@example.test`;
  const slug = `beside-${suffix}`;
  let dataDir: string;
  let env: { DATA_DIR: string };
  let service: ServiceProcess;
  let token: string;
  let businessId: string;
  let listedBeside: unknown;

  before(async function () {
    if (process.env.DATABASE_URL) this.skip(); // Only the embedded database has one process holding it.
    dataDir = freshDataDir();
    env = { DATA_DIR: dataDir };
    service = await startServiceProcess({ DATA_DIR: dataDir }, runs);
  });

  after(async () => {
    for (const run of runs) await stopService(run);
  });

  const health = async () => (await fetch(`${service.url}/api/health`)).status;

  it('creates a user, a business and a token through the service, and the running service accepts the token', async () => {
    expectSuccess(
      await admin({ ...env, ADMIN_PASSWORD: 'the first long passphrase' }, [
        'create-user',
        '--email',
        owner,
        '--name',
        'Bea Beside',
      ]),
      'create-user',
    );
    const business = await admin(env, [
      'create-business',
      '--name',
      `Beside ${suffix}`,
      '--time-zone',
      'America/Chicago',
      '--currency',
      'USD',
      '--owner-email',
      owner,
      '--json',
    ]);
    expectSuccess(business, 'create-business');
    businessId = (JSON.parse(business.stdout) as { id: string; slug: string }).id;
    // Several at once, and the service answering meanwhile: each gets whole transactions in turn.
    const [tokens, statuses] = await Promise.all([
      Promise.all(
        [1, 2, 3].map((n) => admin(env, ['create-api-token', '--business', slug, '--name', `beside ${n}`, '--json'])),
      ),
      Promise.all([health(), health(), health()]),
    ]);
    tokens.forEach((run, index) => expectSuccess(run, `create-api-token ${index + 1}`));
    expect(statuses).to.deep.equal([200, 200, 200]);
    token = (JSON.parse(tokens[0]!.stdout) as { token: string }).token;
    const profile = await fetch(`${service.url}/api/trpc/workspace.business.getBusinessProfile?input=%7B%7D`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.status, await profile.clone().text()).to.equal(200);
    expect(((await profile.json()) as { result: { data: { id: string } } }).result.data.id).to.equal(businessId);
  });

  it('lists what it created, resets a password and prints the demo owner', async () => {
    const tokens = await admin(env, ['list-api-tokens', '--business', slug, '--json']);
    expectSuccess(tokens, 'list-api-tokens');
    expect((JSON.parse(tokens.stdout) as { items: unknown[] }).items).to.have.length(3);
    const reset = await admin(env, ['reset-password', '--email', owner.toUpperCase(), '--json']);
    expectSuccess(reset, 'reset-password');
    const result = JSON.parse(reset.stdout) as { user: { email: string }; password: string; sessions_ended: number };
    expect(result.user.email).to.equal(owner);
    expect(result.password).to.match(/^[\w-]{24}$/);
    expect(reset.stderr).to.contain('only time the generated password is shown');
    writeFileSync(join(dataDir, 'reset-password.txt'), result.password);

    const seeded = await admin(env, ['seed-demo-business', '--workspace', 'secondary', '--owner-email', owner]);
    expectSuccess(seeded, 'seed-demo-business');
    const demoOwner = await admin(env, ['demo-owner']);
    expectSuccess(demoOwner, 'demo-owner');
    expect(demoOwner.stdout).to.equal(`${owner} (Bea Beside), owner of Harbor Plumbing Co. (harbor-plumbing)\n`);
    expect(demoOwner.stderr).to.contain(`reset-password --email ${owner}`);
    const listed = await admin(env, ['list-businesses', '--json']);
    expectSuccess(listed, 'list-businesses');
    listedBeside = JSON.parse(listed.stdout);
    expect((listedBeside as { items: unknown[] }).items).to.have.length(2);
    expect(await health()).to.equal(200);
  });

  it('seeds through the service, which keeps answering meanwhile and serves the new rows', async () => {
    const seed = runScript('scripts/seed.ts', env, ['--posts', '40']);
    runs.push(seed);
    const statuses: number[] = [];
    while (seed.child.exitCode === null) {
      statuses.push(await health());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const run = await finished(seed);
    expectSuccess(run, 'seed');
    expect(statuses.length, 'health checks during the seed').to.be.greaterThan(0);
    expect(new Set(statuses)).to.deep.equal(new Set([200]));
    // The service started without demo content: every post it serves came from the seed.
    const posts = (await (await fetch(`${service.url}/api/v1/blog/posts?per_page=20`)).json()) as { data: unknown[] };
    expect(posts.data).to.have.length(20);
  });

  it("db:serve prints the psql command for the service's own socket, and psql's reads see the CLI's rows", async () => {
    const served = await finished(runScript('scripts/db-serve.ts', env));
    expectSuccess(served, 'db:serve');
    expect(served.stdout).to.contain(`(the running service) holds ${dataDir}`);
    const host = /host=(\S+) port=(\d+)/.exec(served.stdout)!;
    expect(host[1]).to.equal(join(dataDir, 'run'));
    const client = new pg.Client({ host: host[1], port: Number(host[2]), user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      const rows = await client.query<{ n: number }>('select count(*)::int as n from users where email = $1', [owner]);
      expect(rows.rows[0]!.n).to.equal(1);
    } finally {
      await client.end();
    }
    expect(await health()).to.equal(200);
  });

  it('refuses a second npm start on the directory, with advice that names the running service and the CLI', async () => {
    const second = await finished(
      runScript('scripts/start.ts', { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false' }),
    );
    expect(second.code).to.equal(1);
    const output = second.stdout + second.stderr;
    expect(output).to.contain('the service is already running there');
    expect(output).to.contain('npm run admin, npm run seed and npm run db:serve work beside it');
    expect(await health()).to.equal(200);
  });

  it("tells another OS user that only the service's user may open its socket", async function () {
    if (process.getuid?.() !== 0) this.skip(); // Only root can run the child as another user.
    chmodSync(dataDir, 0o755);
    const refused = await adminAs(NOBODY, env, ['list-businesses']);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.contain('only the OS user who started that service may open');
    chmodSync(dataDir, 0o700);
  });

  it('gives the same results with the service stopped', async () => {
    await stopService(service.run);
    expect(existsSync(join(dataDir, 'service.lock')), 'the lock is gone with the service').to.equal(false);
    const listed = await admin(env, ['list-businesses', '--json']);
    expectSuccess(listed, 'list-businesses, stopped');
    expect(JSON.parse(listed.stdout)).to.deep.equal(listedBeside);
    const demoOwner = await admin(env, ['demo-owner']);
    expect(demoOwner.stdout).to.equal(`${owner} (Bea Beside), owner of Harbor Plumbing Co. (harbor-plumbing)\n`);
    const password = readFileSync(join(dataDir, 'reset-password.txt'), 'utf8');
    await withStoppedDatabase(dataDir, async (caller) => {
      expect(await caller.accounts.verifyUserPassword({ email: owner, password })).to.have.property('user_id');
      const old = await caller.accounts
        .verifyUserPassword({ email: owner, password: 'the first long passphrase' })
        .catch((error: unknown) => error);
      expect(old).to.be.instanceOf(Error);
    });
  });
});

describe('a lock and a socket left by a process that died', function () {
  this.timeout(120_000);
  before(function () {
    if (process.env.DATABASE_URL) this.skip();
  });

  it('block nothing: the CLI opens the directory itself and leaves no lock behind', async () => {
    const dataDir = freshDataDir();
    const dead = spawn(process.execPath, ['-e', '0']);
    await once(dead, 'exit');
    writeFileSync(join(dataDir, 'service.lock'), `${dead.pid}\n${join(dataDir, 'run')}\n`);
    mkdirSync(join(dataDir, 'run'), { mode: 0o700 });
    writeFileSync(join(dataDir, 'run', '.s.PGSQL.5432'), 'left by a crashed run');
    const listed = await admin({ DATA_DIR: dataDir }, ['list-businesses']);
    expect(listed.code, listed.stderr).to.equal(0);
    expect(listed.stdout).to.equal('No businesses.\n');
    expect(existsSync(join(dataDir, 'service.lock'))).to.equal(false);
  });
});
