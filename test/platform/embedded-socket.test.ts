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
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
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

  it('keeps its one connection, so another local client is turned away rather than the service', async () => {
    const opened = await open();
    // A connection beyond the server's one slot is closed at once (net.Server maxConnections); a
    // free slot would wait for a startup message instead, until the timeout ends the attempt.
    const outcome = await new Promise<'closed' | 'accepted'>((resolve, reject) => {
      const socket = connect(socketPath());
      let timedOut = false;
      socket.setTimeout(3_000, () => {
        timedOut = true;
        socket.destroy();
      });
      socket.on('close', () => resolve(timedOut ? 'accepted' : 'closed'));
      socket.on('error', reject);
    });
    expect(outcome).to.equal('closed');
    await opened.orm.em.fork().getConnection().execute('select 1');
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
