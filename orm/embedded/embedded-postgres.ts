import { resolve, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { lockDataDir } from './data-dir-lock.ts';
import type { WorkerReply, WorkerRequest, WorkerStart } from './protocol.ts';
import { EMBEDDED_SOCKET_PORT, prepareSocketDir } from './socket-dir.ts';

const STOP_TIMEOUT_MS = 10_000;
/** EMBEDDED_IDLE_TRANSACTION_SECONDS's default, for callers without a configuration (db:serve, tests). */
const DEFAULT_IDLE_IN_TRANSACTION_MS = 30_000;

/** How the `pg` driver (or psql) reaches the embedded database: a Unix socket, no TCP port. */
export interface EmbeddedConnection {
  /** The socket's directory (mode 0700); pg and psql connect to `${host}/.s.PGSQL.${port}`. */
  host: string;
  port: number;
  user: string;
  database: string;
}

export interface EmbeddedPostgres {
  connection: EmbeddedConnection;
  /** The socket file itself. */
  socketPath: string;
  stop(): Promise<void>;
}

function nextReply(worker: Worker): Promise<WorkerReply> {
  return new Promise((resolvePromise, reject) => {
    const onMessage = (message: WorkerReply) => {
      cleanup();
      resolvePromise(message);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`The embedded database worker exited with code ${code}.`));
    };
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
}

/**
 * Starts PGlite persisted under `${dataDir}/pgdata` on a worker thread, served on a Unix socket in
 * `${dataDir}/run` (mode 0700): PGlite checks no credential, so only the service's OS user may reach it.
 * Several clients may connect (the admin CLI beside the service); each gets the one session for
 * whole transactions, and loses it after `idleInTransactionMs` idle in one while others wait.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: { idleInTransactionMs?: number } = {},
): Promise<EmbeddedPostgres> {
  const root = resolve(dataDir);
  const lock = lockDataDir(root);
  let socket;
  try {
    socket = prepareSocketDir(root);
    lock.record(socket.dir);
  } catch (error) {
    lock.release();
    throw error;
  }
  const release = () => {
    socket.remove();
    lock.release();
  };
  const start: WorkerStart = {
    dataDir: join(root, 'pgdata'),
    socketPath: socket.path,
    idleInTransactionMs: options.idleInTransactionMs ?? DEFAULT_IDLE_IN_TRANSACTION_MS,
  };
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: start });
  let reply: WorkerReply;
  try {
    reply = await nextReply(worker);
  } catch (error) {
    release();
    throw error;
  }
  if (reply.type !== 'ready') {
    await worker.terminate();
    release();
    throw new Error(`The embedded database failed to start: ${reply.type === 'error' ? reply.message : reply.type}`);
  }
  let stopped = false;
  return {
    connection: { host: socket.dir, port: EMBEDDED_SOCKET_PORT, user: 'postgres', database: 'postgres' },
    socketPath: socket.path,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        worker.postMessage({ type: 'stop' } satisfies WorkerRequest);
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise((done) => (timer = setTimeout(done, STOP_TIMEOUT_MS)));
        await Promise.race([nextReply(worker), deadline]).finally(() => clearTimeout(timer));
      } finally {
        await worker.terminate();
        release();
      }
    },
  };
}
