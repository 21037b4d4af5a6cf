import type { DatabaseNotifications } from '../sql/notifications.ts';
import { forgetGrantState } from './grant-state-cache.ts';
import type { OAuthCaches } from './oauth-caches.ts';
import { forgetKeyPublications } from './signing-keys.ts';

/**
 * The channel on which the database announces changes to what access-token verification caches.
 * Sent by triggers (migration Migration20261128000000_oauth_state_notifications) in the transaction of
 * the change, so it is delivered at commit and only if it commits, whatever wrote it (a procedure, an
 * admin command, a cascade from a deleted business or user, hand-written SQL). Payloads:
 * `grant:<id>` a grant's revocation or deletion; `members` a membership or client change;
 * `keys` a signing-key change (creation, rotation).
 */
const OAUTH_STATE_CHANNEL = 'fsa_oauth_state';

/**
 * Invalidates one app's verification caches (and the token endpoint's client cache) on each
 * notification, and all of them on a gap; answers the unsubscribe.
 */
export function followOAuthStateNotifications(notifications: DatabaseNotifications, caches: OAuthCaches): () => void {
  const unsubscribe = notifications.subscribe(OAUTH_STATE_CHANNEL, (payload) => {
    if (payload.startsWith('grant:')) forgetGrantState(caches.grantStates, payload.slice('grant:'.length));
    else if (payload === 'keys') {
      forgetKeyPublications(caches.signingKeys);
      caches.verifiedTokens.clear();
    } else {
      caches.grantStates.clear();
      caches.clients.clear();
    }
  });
  const unsubscribeGap = notifications.onGap(() => {
    caches.grantStates.clear();
    caches.clients.clear();
    forgetKeyPublications(caches.signingKeys);
    caches.verifiedTokens.clear();
  });
  return () => {
    unsubscribe();
    unsubscribeGap();
  };
}
