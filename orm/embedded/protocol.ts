/** Messages between the service and its PGlite worker thread. */
export interface WorkerStart {
  dataDir: string;
  /** The Unix socket path the worker serves PostgreSQL on (inside a 0700 directory). */
  socketPath: string;
  /** How long a client may sit idle inside a transaction while other clients wait for the session. */
  idleInTransactionMs: number;
}

export type WorkerRequest = { type: 'stop' };

export type WorkerReply = { type: 'ready' } | { type: 'stopped' } | { type: 'error'; message: string };
