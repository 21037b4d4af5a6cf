import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import { loadConfig } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { openDatabase, type Database } from '../../orm/database.ts';
import { prepareSocketDir } from '../../orm/embedded/socket-dir.ts';
import { freshDataDir } from '../helpers/test-service.ts';

const NOBODY = 65534;

/** Inodes of the TCP sockets this process listens on (Linux: /proc). */
function listeningTcpInodes(): Set<string> {
  const ours = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`));
      if (match) ours.add(match[1]!);
    } catch {
      // The descriptor closed while we listed them.
    }
  }
  const listening = new Set<string>();
  for (const table of ['/proc/self/net/tcp', '/proc/self/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      // st 0A is LISTEN; column 9 is the socket's inode.
      if (columns[3] === '0A' && ours.has(columns[9]!)) listening.add(columns[9]!);
    }
  }
  return listening;
}

/** What `node -e` running as another OS user gets when it connects to `socketPath`, and whether it can see `dataDir`. */
async function connectAs(
  uid: number,
  socketPath: string,
  dataDir: string,
): Promise<{ connect: string; seesDataDir: boolean }> {
  const script = `
    const fs = require('node:fs');
    const seesDataDir = (() => { try { fs.readdirSync(process.argv[2]); return true; } catch { return false; } })();
    const socket = require('node:net').connect(process.argv[1]);
    const done = (connect) => { console.log(JSON.stringify({ connect, seesDataDir })); process.exit(0); };
    socket.on('connect', () => done('connected'));
    socket.on('error', (error) => done(error.code));`;
  const child = spawn(process.execPath, ['-e', script, socketPath, dataDir], {
    uid,
    gid: uid,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const [code] = await once(child, 'exit');
  expect(code, err).to.equal(0);
  return JSON.parse(out) as { connect: string; seesDataDir: boolean };
}

describe('the embedded database socket', function () {
  this.timeout(60_000);
  let dataDir: string;
  let database: Database | undefined;
  const socketDir = () => join(dataDir, 'run');
  const socketPath = () => join(socketDir(), '.s.PGSQL.5432');

  before(function () {
    if (process.env.DATABASE_URL) this.skip(); // A PostgreSQL server's access control is its own configuration.
  });

  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  async function open(): Promise<Database> {
    const log = createLogger('silent');
    database = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }).database, { log });
    return database;
  }

  beforeEach(() => {
    dataDir = freshDataDir();
  });

  it('listens on no TCP port: the service reaches it through a Unix socket in DATA_DIR', async function () {
    if (!existsSync('/proc/self/net/tcp')) this.skip(); // Needs Linux's /proc to list listening sockets.
    const before = listeningTcpInodes();
    const opened = await open();
    const added = [...listeningTcpInodes()].filter((inode) => !before.has(inode));
    expect(added, 'TCP sockets the embedded database listens on').to.deep.equal([]);
    expect(opened.orm.config.get('host')).to.equal(socketDir());
    expect(statSync(socketPath()).isSocket()).to.equal(true);
    await opened.orm.em.fork().getConnection().execute('select 1');
  });

  it('keeps the socket in a 0700 directory, even one created looser before, and removes a stale socket file', async () => {
    mkdirSync(socketDir(), { mode: 0o777 });
    chmodSync(socketDir(), 0o777);
    writeFileSync(socketPath(), 'left by a crashed run');
    await open();
    expect(statSync(socketDir()).mode & 0o777).to.equal(0o700);
    expect(statSync(socketPath()).isSocket()).to.equal(true);
    await database!.close();
    database = undefined;
    expect(existsSync(socketPath()), 'the socket is removed at stop').to.equal(false);
  });

  it('refuses a connection from another OS user', async function () {
    if (process.getuid?.() !== 0) this.skip(); // Only root can run the child as another user.
    // DATA_DIR itself readable by everyone, so the refusal comes from the socket's own directory.
    chmodSync(dataDir, 0o755);
    await open();
    const attempt = await connectAs(NOBODY, socketPath(), dataDir);
    expect(attempt.seesDataDir, 'the other user can list DATA_DIR').to.equal(true);
    expect(attempt.connect).to.equal('EACCES');
  });

  /** A second local client, as psql or the admin CLI beside the service connect. */
  async function sideClient(): Promise<pg.Client> {
    const client = new pg.Client({ host: socketDir(), port: 5432, user: 'postgres', database: 'postgres' });
    client.on('error', () => {}); // A disconnection the test causes on purpose.
    await client.connect();
    return client;
  }

  const serviceSees = (opened: Database, table: string) =>
    opened.orm.em
      .fork()
      .getConnection()
      .execute<{ n: number }[]>('select count(*)::int as n from pg_tables where tablename = ?', [table])
      .then((rows) => rows[0]!.n);

  it('admits another local client and gives it whole transactions: the service never runs inside one', async () => {
    const opened = await open();
    const side = await sideClient();
    try {
      await side.query('begin');
      await side.query('create table side_probe (x int)');
      // Queued behind the side client's transaction, not run inside it.
      const seen = serviceSees(opened, 'side_probe');
      await side.query('rollback');
      expect(await seen, 'a table of the rolled-back transaction').to.equal(0);
      expect((await side.query<{ n: number }>('select 1 as n')).rows[0]!.n).to.equal(1);
    } finally {
      await side.end();
    }
  });

  it('rolls back the transaction of a client that leaves in the middle of it, and the service carries on', async () => {
    const opened = await open();
    const side = await sideClient();
    await side.query('begin');
    await side.query('create table left_behind (x int)');
    const seen = serviceSees(opened, 'left_behind');
    (side as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    expect(await seen).to.equal(0);
    // The session is idle again: a transaction of the service's own commits normally.
    await opened.orm.em.fork().getConnection().execute('create table after_leaving (x int)');
    expect(await serviceSees(opened, 'after_leaving')).to.equal(1);
  });

  it('disconnects a client idle inside a transaction while the service waits, with a reason', async () => {
    database = await openDatabase(
      { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }).database, idleInTransactionMs: 300 },
      { log: createLogger('silent') },
    );
    const side = await sideClient();
    const ended = new Promise<Error>((resolve) => side.on('error', resolve));
    await side.query('begin');
    await side.query('create table idle_probe (x int)');
    expect(await serviceSees(database, 'idle_probe'), 'the idle transaction was rolled back').to.equal(0);
    const error = (await ended) as Error & { code?: string };
    expect(error.code).to.equal('25P03');
    expect(error.message).to.contain('idle in a transaction');
    await side.end().catch(() => {});
  });

  it('falls back to a private temporary directory when DATA_DIR is too long for a socket address', () => {
    const longDataDir = join(dataDir, 'x'.repeat(120));
    const socket = prepareSocketDir(longDataDir);
    try {
      expect(socket.dir.startsWith(tmpdir())).to.equal(true);
      expect(statSync(socket.dir).mode & 0o777).to.equal(0o700);
      expect(Buffer.byteLength(socket.path)).to.be.at.most(103);
    } finally {
      socket.remove();
    }
    expect(existsSync(socket.dir), 'the fallback directory is removed at stop').to.equal(false);
  });
});
