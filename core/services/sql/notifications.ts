/**
 * PostgreSQL notifications (LISTEN/NOTIFY) as the services see them: transport-free plumbing the
 * composition root starts on one dedicated connection per process (orm/database-notifications.ts).
 * In-process caches subscribe to a channel to learn that another instance changed what they hold.
 *
 * Delivery is best effort: a notification sent while the listening connection is down is lost. So
 * every subscriber must also handle `onGap`, called whenever notifications may have been missed
 * (the connection dropped, and again once it listens again), by dropping whatever it cached.
 */
export interface DatabaseNotifications {
  /** Calls `handler` with the payload of each notification on `channel` (a lower-case SQL identifier); answers the unsubscribe. */
  subscribe(channel: string, handler: (payload: string) => void): () => void;
  /** Calls `handler` whenever notifications may have been missed; answers the unsubscribe. */
  onGap(handler: () => void): () => void;
  /** Whether notifications are delivered at all (false on the embedded database, where nothing listens). */
  readonly delivering: boolean;
}

/** A channel name PostgreSQL takes unquoted: LISTEN and pg_notify must spell it the same. */
export const CHANNEL_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;
