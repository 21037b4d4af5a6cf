import type { A2aStreamConfig } from '../../a2a-stream-config.ts';
import { createInFlightLimit } from '../rate-limit/in-flight-limit.ts';
import { sharedEventReads } from './shared-event-reads.ts';
import { createTaskEventHub, type TaskEventHub } from './task-event-hub.ts';

/**
 * How long an idle stream waits before it reads its task's events again without being woken: the
 * bound on the delay a lost notification costs.
 */
const IDLE_REREAD_MS = 3000;

/** A stream's turn: given back when it ends, however it ends. */
type StreamSlot = { release: () => void } | { refused: 'client' | 'instance'; limit: number };

/**
 * The open A2A streams of this process: the hub that wakes them, the bounds on how many are open
 * (per client and for the instance), their timings, and the shutdown that ends them all.
 */
export interface A2aStreams {
  hub: TaskEventHub;
  /** A task's events after a number, the query shared by this process's streams that ask the same at once. */
  readEvents: ReturnType<typeof sharedEventReads>;
  /** Takes a turn for a client (its grant, else its address), or says which bound refused it. */
  open(clientKey: string): StreamSlot;
  readonly maxLifetimeMs: number;
  readonly idleRereadMs: number;
  /** Whether the process is shutting down: every stream ends at its next wake. */
  readonly closing: boolean;
  /** Ends every open stream (graceful shutdown): they close at once, and clients resume elsewhere. */
  close(): void;
  /** Tasks the open streams watch now, and the most (one per stream the instance allows). */
  watched(): { entries: number; limit: number };
}

export function createA2aStreams(
  config: Pick<A2aStreamConfig, 'perClient' | 'perInstance' | 'maxLifetimeMs'>,
): A2aStreams {
  const hub = createTaskEventHub();
  const perClient = createInFlightLimit(config.perClient);
  const perInstance = createInFlightLimit(config.perInstance);
  let closing = false;
  return {
    hub,
    readEvents: sharedEventReads(hub),
    maxLifetimeMs: config.maxLifetimeMs,
    idleRereadMs: IDLE_REREAD_MS,
    get closing() {
      return closing;
    },
    open(clientKey) {
      const instance = perInstance.enter('instance');
      if (!instance) return { refused: 'instance', limit: perInstance.max };
      const client = perClient.enter(clientKey);
      if (!client) {
        instance();
        return { refused: 'client', limit: perClient.max };
      }
      return {
        release: () => {
          client();
          instance();
        },
      };
    },
    watched: () => ({ entries: hub.watchedTasks, limit: perInstance.max }),
    close() {
      closing = true;
      hub.announceAll();
    },
  };
}
