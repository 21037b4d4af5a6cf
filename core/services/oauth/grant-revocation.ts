import type { SqlSource } from '../sql/query.ts';
import { forgetGrantState, type GrantStateCache } from './grant-state-cache.ts';
import { revokeGrant } from './grants.query.ts';

/**
 * Revokes a grant (see revokeGrant) and forgets its cached state in this app at once, so the
 * next call here sees the revocation without waiting for the notification the database sends every
 * instance (this one included) at commit. Inside a transaction the state is forgotten before the
 * commit: a verification racing it may cache the old state again, until that notification (or the
 * cache's time-to-live on the embedded database) removes it.
 */
export async function revokeGrantHere(
  grantStates: GrantStateCache,
  source: SqlSource,
  grantId: string,
  now: Date,
  options: { clientId?: string } = {},
): Promise<boolean> {
  const revoked = await revokeGrant(source, grantId, now, options);
  forgetGrantState(grantStates, grantId);
  return revoked;
}
