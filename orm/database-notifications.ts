import pg from 'pg';
import type { Logger } from '../core/logger.ts';
import { CHANNEL_PATTERN, type DatabaseNotifications } from '../core/services/sql/notifications.ts';

/** The listener of one process, with what starts and stops it (scripts/compose/start-service.ts). */
export interface RunningNotifications extends DatabaseNotifications {
  /** Closes the listening connection and stops reconnecting. */
  stop(): Promise<void>;
}

/** Reconnection back-off: doubles from the first delay up to the last. */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;

function channelName(channel: string): string {
  if (!CHANNEL_PATTERN.test(channel)) throw new Error(`not a notification channel name: "${channel}"`);
  return channel;
}

/**
 * LISTEN on one dedicated connection (outside the pool, which hands connections to whoever asks),
 * reconnecting with back-off when it drops. Each drop, and each (re)connection once it listens
 * again, is a gap: subscribers drop their caches, since notifications sent meanwhile are lost.
 * A failed connection is logged (warn once per outage), never thrown: requests keep working on
 * their caches' time-to-live until the listener is back.
 */
export function startDatabaseNotifications(url: string, log: Logger): RunningNotifications {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const gapHandlers = new Set<() => void>();
  let client: pg.Client | undefined;
  let listening = false;
  let stopped = false;
  let delay = RECONNECT_FIRST_MS;
  let timer: NodeJS.Timeout | undefined;
  let warned = false;

  const gap = () => {
    for (const handler of gapHandlers) {
      try {
        handler();
      } catch (error) {
        log.error({ err: error }, 'a database-notification gap handler failed');
      }
    }
  };

  const deliver = (message: pg.Notification) => {
    for (const handler of handlers.get(message.channel) ?? []) {
      try {
        handler(message.payload ?? '');
      } catch (error) {
        log.error({ err: error, channel: message.channel }, 'a database-notification handler failed');
      }
    }
  };

  const lost = (connection: pg.Client, error?: unknown) => {
    if (client !== connection) return;
    client = undefined;
    listening = false;
    connection.removeAllListeners('notification');
    void connection.end().catch(() => undefined);
    gap();
    if (stopped) return;
    if (!warned) log.warn({ err: error }, 'the database-notification listener lost its connection; reconnecting');
    warned = true;
    timer = setTimeout(connect, delay);
    timer.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  async function connect(): Promise<void> {
    timer = undefined;
    if (stopped) return;
    const connection = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'fsa-listener' });
    client = connection;
    connection.on('error', (error) => lost(connection, error));
    connection.on('end', () => lost(connection));
    connection.on('notification', deliver);
    try {
      await connection.connect();
      for (const channel of handlers.keys()) await connection.query(`listen ${channel}`);
    } catch (error) {
      lost(connection, error);
      return;
    }
    if (client !== connection) return;
    listening = true;
    delay = RECONNECT_FIRST_MS;
    if (warned) log.info('the database-notification listener is connected again');
    warned = false;
    // Whatever was sent before LISTEN took effect is lost: one more gap, now that it listens.
    gap();
  }

  /** The LISTEN statements of subscriptions made while connected, in order. */
  let listens: Promise<unknown> = Promise.resolve();
  void connect();

  return {
    delivering: true,
    subscribe(channel, handler) {
      const name = channelName(channel);
      let set = handlers.get(name);
      if (!set) {
        handlers.set(name, (set = new Set()));
        if (listening && client) {
          const connection = client;
          // One statement at a time on the connection: subscriptions made together queue here, not in pg
          // (which deprecates a query issued while another runs).
          listens = listens
            .then(() => connection.query(`listen ${name}`))
            .catch((error: unknown) => lost(connection, error));
        }
      }
      set.add(handler);
      return () => void set.delete(handler);
    },
    onGap(handler) {
      gapHandlers.add(handler);
      return () => void gapHandlers.delete(handler);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const connection = client;
      client = undefined;
      listening = false;
      await connection?.end().catch(() => undefined);
    },
  };
}

/**
 * The embedded database's notifications: none. PGlite serves one connection (the pool's), so nothing
 * can listen; and one process owns it, so every write is this process's own and the caches learn of
 * it on the local write path (see core/services/oauth/grant-state-cache.ts) and by their time-to-live.
 */
export function localOnlyNotifications(): RunningNotifications {
  return {
    delivering: false,
    subscribe: () => () => undefined,
    onGap: () => () => undefined,
    stop: async () => undefined,
  };
}
