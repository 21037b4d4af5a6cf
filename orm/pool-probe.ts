import type { Database } from './database.ts';

/** The connection pool's state at one moment. */
interface PoolSnapshot {
  used: number;
  free: number;
  /** Requests waiting for a connection. */
  pendingAcquires: number;
  /** Connections being opened. */
  pendingCreates: number;
}

/** What the metrics read of the database's connection pool. */
export interface PoolProbe {
  /** The most connections the pool opens (DB_POOL_MAX; 1 on the embedded database, which serves one connection). */
  max: number;
  snapshot(): PoolSnapshot;
  /** Calls `listener` with how long each granted acquire waited, in seconds. */
  onAcquireWait(listener: (seconds: number) => void): void;
}

/** The part of tarn's Pool (knex's pool) that is read here. */
interface TarnPool {
  max: number;
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
  on(event: 'acquireRequest', listener: (eventId: number) => void): void;
  on(event: 'acquireSuccess' | 'acquireFail', listener: (eventId: number) => void): void;
}

/** One probe per database: its pool gets one set of event listeners however many apps are composed over it (tests compose dozens). */
const probes = new WeakMap<Database, PoolProbe>();

/**
 * Reads knex's connection pool (tarn) under MikroORM: both database kinds have one (the embedded
 * database a pool of one connection to its socket), so both report the same families. The wait is
 * timed from tarn's acquire events; a wait that ends in a failure is dropped.
 */
export function poolProbe(database: Database): PoolProbe {
  let probe = probes.get(database);
  if (!probe) probes.set(database, (probe = probeOf(database)));
  return probe;
}

function probeOf(database: Database): PoolProbe {
  const pool = (database.orm.em.getKnex().client as { pool: TarnPool }).pool;
  const listeners: ((seconds: number) => void)[] = [];
  const started = new Map<number, number>();
  pool.on('acquireRequest', (eventId) => {
    if (listeners.length > 0) started.set(eventId, performance.now());
  });
  pool.on('acquireSuccess', (eventId) => {
    const at = started.get(eventId);
    if (at === undefined) return;
    started.delete(eventId);
    const seconds = (performance.now() - at) / 1000;
    for (const listener of listeners) listener(seconds);
  });
  pool.on('acquireFail', (eventId) => started.delete(eventId));
  return {
    max: pool.max,
    snapshot: () => ({
      used: pool.numUsed(),
      free: pool.numFree(),
      pendingAcquires: pool.numPendingAcquires(),
      pendingCreates: pool.numPendingCreates(),
    }),
    onAcquireWait: (listener) => listeners.push(listener),
  };
}
