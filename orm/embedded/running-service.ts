import { connect } from 'node:net';
import { join } from 'node:path';
import { isAlive, readDataDirLock } from './data-dir-lock.ts';
import type { EmbeddedConnection } from './embedded-postgres.ts';
import { EMBEDDED_SOCKET_PORT } from './socket-dir.ts';

/** A service's first start creates PGlite's files before it serves them: this covers even a slow disk. */
const SERVING_TIMEOUT_MS = 60_000;
const RETRY_MS = 250;

/** Whether the socket accepts a connection: 'open', or the error code of the attempt. */
function probe(socketPath: string): Promise<'open' | string> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve('open');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/**
 * The database socket of the live service that holds `dataDir` (an absolute path), for a client
 * that works beside it; undefined once no live process holds the directory (the service stopped
 * meanwhile: the caller opens the directory itself). Waits while the holder is still starting.
 * The socket's 0700 directory decides who may connect: another OS user gets a sentence saying so.
 */
export async function runningServiceConnection(dataDir: string): Promise<EmbeddedConnection | undefined> {
  const deadline = Date.now() + SERVING_TIMEOUT_MS;
  for (;;) {
    const lock = readDataDirLock(dataDir);
    if (!lock || !isAlive(lock.pid)) return undefined;
    const socketDir = lock.socketDir ?? join(dataDir, 'run');
    const socketPath = join(socketDir, `.s.PGSQL.${EMBEDDED_SOCKET_PORT}`);
    const outcome = await probe(socketPath);
    if (outcome === 'open')
      return { host: socketDir, port: EMBEDDED_SOCKET_PORT, user: 'postgres', database: 'postgres' };
    if (outcome === 'EACCES' || outcome === 'EPERM')
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${lock.pid}, whose socket only the OS user ` +
          'who started that service may open: run this command as that user.',
      );
    if (Date.now() > deadline)
      throw new Error(
        `The embedded database in ${dataDir} is held by process ${lock.pid}, but its socket ${socketPath} ` +
          `did not answer (${outcome}) within ${SERVING_TIMEOUT_MS / 1000} s. If process ${lock.pid} is not ` +
          `this project's service (a reused process id), delete ${join(dataDir, 'service.lock')} and run this again.`,
      );
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}
