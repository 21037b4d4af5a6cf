/** Messages between the service and its PGlite worker thread. */
export interface WorkerStart {
  dataDir: string;
}

export type WorkerRequest = { type: 'stop' };

export type WorkerReply =
  | { type: 'ready'; port: number }
  | { type: 'stopped' }
  | { type: 'error'; message: string };
