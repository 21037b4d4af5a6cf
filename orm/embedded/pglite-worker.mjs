/**
 * Runs PGlite on its own thread and serves it over a loopback PostgreSQL socket, so the
 * service reaches it through the same driver as a real server and PGlite's synchronous
 * WASM work never blocks the HTTP event loop.
 *
 * Plain JavaScript on purpose: a worker thread does not inherit the TypeScript loader
 * the main thread runs under. Messages follow ./protocol.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const port = parentPort;
if (!port) throw new Error('pglite-worker must run as a worker thread');

/** @param {import('./protocol.ts').WorkerReply} message */
const reply = (message) => port.postMessage(message);
const describe = (error) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

try {
  /** @type {import('./protocol.ts').WorkerStart} */
  const { dataDir } = workerData;
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  // One connection: PGlite is a single session, and the socket multiplexer interleaves
  // extended-protocol messages of concurrent clients. The pool on the other side is 1 too.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
  await server.start();
  const listeningPort = Number(server.getServerConn().split(':').pop());
  reply({ type: 'ready', port: listeningPort });

  port.on('message', async (message) => {
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
