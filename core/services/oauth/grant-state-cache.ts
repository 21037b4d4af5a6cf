import type { SqlSource } from '../sql/query.ts';
import { ExpiringEntries } from './expiring-entries.ts';
import { findStandingGrant, type StandingGrant } from './grants.query.ts';

/**
 * How long a grant's state (standing or not: revoked, client deleted, user no longer a member), once
 * read, is trusted without reading it again. The safety net under the invalidation by notification:
 * even when a notification is lost, every instance honours a revocation or a membership removal
 * within this time plus the duration of the look-up that filled the entry (its snapshot may just
 * precede the change's commit). 500 ms keeps that bound well inside the 1 second the service
 * promises, while a busy grant costs one look-up per half second instead of one per call.
 */
export const GRANT_STATE_TTL_MS = 500;
/** At most this many grants are held (about 200 bytes each, so about 2 MB); the oldest entry goes first. */
const GRANT_STATE_LIMIT = 10_000;

/** Grant states by grant id; one per app (CoreServices.caches.oauth), invalidated by its notifications. */
export type GrantStateCache = ExpiringEntries<StandingGrant | undefined>;

export function createGrantStateCache(): GrantStateCache {
  return new ExpiringEntries<StandingGrant | undefined>(GRANT_STATE_TTL_MS, GRANT_STATE_LIMIT);
}

/**
 * The grant with this id while it still stands (see findStandingGrant), from memory when it was read
 * less than GRANT_STATE_TTL_MS ago (on the monotonic clock, whatever the request's clock says) and
 * not invalidated since; otherwise from the database. Throws only when the database does.
 */
export async function standingGrant(
  entries: GrantStateCache,
  source: SqlSource,
  grantId: string,
): Promise<StandingGrant | undefined> {
  return entries.load(grantId.toLowerCase(), () => findStandingGrant(source, grantId));
}

/** Forgets one grant's state: it was revoked (here, or on another instance by notification). */
export function forgetGrantState(entries: GrantStateCache, grantId: string): void {
  entries.forget(grantId.toLowerCase());
}
