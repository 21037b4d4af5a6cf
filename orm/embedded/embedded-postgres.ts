import { resolve, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { lockDataDir } from './data-dir-lock.ts';
import type { WorkerReply, WorkerStart } from './protocol.ts';

const STOP_TIMEOUT_MS = 10_000;

export interface EmbeddedPostgres {
  /** A connection URL for the loopback socket PGlite is served on. */
  url: string;
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

/** Starts PGlite persisted under `${dataDir}/pgdata` on a worker thread, reachable on 127.0.0.1. */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  const root = resolve(dataDir);
  const unlock = lockDataDir(root);
  const start: WorkerStart = { dataDir: join(root, 'pgdata') };
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: start });
  let reply: WorkerReply;
  try {
    reply = await nextReply(worker);
  } catch (error) {
    unlock();
    throw error;
  }
  if (reply.type !== 'ready') {
    await worker.terminate();
    unlock();
    throw new Error(`The embedded database failed to start: ${reply.type === 'error' ? reply.message : reply.type}`);
  }
  let stopped = false;
  return {
    url: `postgresql://postgres@127.0.0.1:${reply.port}/postgres?sslmode=disable`,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        worker.postMessage({ type: 'stop' });
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise((done) => (timer = setTimeout(done, STOP_TIMEOUT_MS)));
        await Promise.race([nextReply(worker), deadline]).finally(() => clearTimeout(timer));
      } finally {
        await worker.terminate();
        unlock();
      }
    },
  };
}
