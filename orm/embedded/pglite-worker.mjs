/**
 * Runs PGlite on its own thread and serves it over a Unix-domain PostgreSQL socket, so the
 * service reaches it through the same driver as a real server and PGlite's synchronous
 * WASM work never blocks the HTTP event loop.
 *
 * Plain JavaScript on purpose: a worker thread does not inherit the TypeScript loader
 * the main thread runs under. Messages follow ./protocol.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { serveSessions } from './session-server.mjs';

const port = parentPort;
if (!port) throw new Error('pglite-worker must run as a worker thread');

/** @param {import('./protocol.ts').WorkerReply} message */
const reply = (message) => port.postMessage(message);
const describe = (error) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

try {
  /** @type {import('./protocol.ts').WorkerStart} */
  const { dataDir, socketPath, idleInTransactionMs } = workerData;
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm, btree_gin } });
  // Several clients (the service, and the admin CLI, seed or psql beside it), one whole turn at a
  // time (see ./session-server.mjs). A Unix socket, not TCP: PGlite asks for no credential, so who
  // may connect is decided by the file system (the socket's directory is 0700, see
  // ./socket-dir.ts), not by who can reach a port.
  const server = await serveSessions(db, socketPath, { idleInTransactionMs });
  reply({ type: 'ready' });

  port.on('message', async (/** @type {import('./protocol.ts').WorkerRequest} */ message) => {
    if (message?.type !== 'stop') return;
    try {
      await server.stop();
      await db.close();
      reply({ type: 'stopped' });
    } catch (error) {
      reply({ type: 'error', message: describe(error) });
    }
  });
} catch (error) {
  reply({ type: 'error', message: describe(error) });
}
