import type { EventFeedConfig } from '../../event-feed-config.ts';
import { createInFlightLimit } from '../rate-limit/in-flight-limit.ts';

/**
 * How long a waiting long poll goes without a wake before it reads again anyway: the bound on what a
 * lost notification, a writer no hint reaches (raw SQL of another process on the embedded database),
 * or a long transaction holding the feed's horizon back costs in latency.
 */
const IDLE_REREAD_MS = 1000;

/** A long poll's turn: given back when it answers, however it answers. */
type FeedWaitTurn = { release: () => void } | { refused: 'business' | 'instance'; limit: number };

/** One registration: `woken` settles at the first announcement of the business after it was made. */
interface FeedWake {
  readonly woken: Promise<void>;
  stop(): void;
}

/**
 * The long polls of the event feed held open in this process: who waits for which business, the
 * bounds on how many wait at once, and the wakes. A wake carries nothing: the poll reads the feed
 * again, so a wake too many costs one read and a wake missed costs the idle re-read's delay, never
 * an event. Fed by this process's outbox commits and the `fsa_outbox` notifications of every other
 * process (the composition root wires both: scripts/compose/event-feed-wakes.ts).
 */
export interface EventFeedWaits {
  /** Takes a turn for the business, or says which bound refused it. Synchronous, so N concurrent polls get at most the bound. */
  enter(businessId: string): FeedWaitTurn;
  /** Registers for the business's next announcement; register before reading, so a commit in between is not missed. */
  listen(businessId: string): FeedWake;
  /** Events of the business may have been committed. */
  announce(businessId: string): void;
  /** Events of any business may have been committed (a hint without a business, or notifications were lost). */
  announceAll(): void;
  readonly idleRereadMs: number;
  /** Businesses with a long poll registered now, and the most (one per turn of the instance). */
  waiting(): { entries: number; limit: number };
}

export function createEventFeedWaits(config: EventFeedConfig): EventFeedWaits {
  const perBusiness = createInFlightLimit(config.waitsPerBusiness);
  const perInstance = createInFlightLimit(config.waitsPerInstance);
  const listeners = new Map<string, Set<() => void>>();
  const wakeEach = (set: Set<() => void>) => {
    for (const wake of [...set]) wake();
  };
  return {
    idleRereadMs: IDLE_REREAD_MS,
    waiting: () => ({ entries: listeners.size, limit: perInstance.max }),
    enter(businessId) {
      const instance = perInstance.enter('instance');
      if (!instance) return { refused: 'instance', limit: perInstance.max };
      const business = perBusiness.enter(businessId);
      if (!business) {
        instance();
        return { refused: 'business', limit: perBusiness.max };
      }
      return {
        release: () => {
          business();
          instance();
        },
      };
    },
    listen(businessId) {
      let set = listeners.get(businessId);
      if (!set) listeners.set(businessId, (set = new Set()));
      const registered = set;
      let resolve!: () => void;
      const woken = new Promise<void>((settle) => (resolve = settle));
      const stop = () => {
        registered.delete(wake);
        if (registered.size === 0 && listeners.get(businessId) === registered) listeners.delete(businessId);
      };
      const wake = () => {
        stop();
        resolve();
      };
      registered.add(wake);
      return { woken, stop };
    },
    announce(businessId) {
      const set = listeners.get(businessId);
      if (set) wakeEach(set);
    },
    announceAll() {
      for (const set of [...listeners.values()]) wakeEach(set);
    },
  };
}
