import type { SqlSource } from '../sql/query.ts';
import { findClientGrantTypes } from './clients.query.ts';
import { ExpiringEntries } from './expiring-entries.ts';

/**
 * How long a registered client's grant types, once read, are used without reading them again. A
 * token request names its client on every call, and that look-up was one round trip of about seven;
 * clients change almost never (registration adds new ones, which are not cached until read; only
 * hand-written SQL edits or deletes one). The `members` notification on fsa_oauth_state (sent for
 * every change to oauth_clients) and any gap in the notifications empty the cache, so this is only
 * the bound when a notification is lost, or on the embedded database, where nothing else writes.
 * A client deleted within that bound is harmless: its grants, codes and refresh tokens went with it
 * (on delete cascade), so its requests find nothing to exchange.
 */
const CLIENT_TTL_MS = 5_000;
/** At most this many clients are held (about 100 bytes each); the oldest entry goes first. */
const CLIENT_LIMIT = 1_000;

export interface CachedClient {
  client_id: string;
  grant_types: string[];
}

/** Registered clients by client_id; one per app (CoreServices.caches.oauth), emptied by its notifications. */
export type ClientCache = ExpiringEntries<CachedClient | undefined>;

export function createClientCache(): ClientCache {
  return new ExpiringEntries<CachedClient | undefined>(CLIENT_TTL_MS, CLIENT_LIMIT);
}

/**
 * The registered client with this client_id (see findClientGrantTypes), from memory when it was read
 * less than CLIENT_TTL_MS ago and not invalidated since. Unknown client_ids are never cached, so
 * made-up ids cannot fill the cache; each costs its own look-up, within the caller's budget.
 */
export async function registeredClient(
  entries: ClientCache,
  source: SqlSource,
  clientId: string,
): Promise<CachedClient | undefined> {
  return entries.load(
    clientId,
    () => findClientGrantTypes(source, clientId),
    (client) => client !== undefined,
  );
}
