import type { DatabaseNotifications } from '../sql/notifications.ts';
import { forgetClients } from './client-cache.ts';
import { forgetAllGrantStates, forgetGrantState } from './grant-state-cache.ts';
import { forgetKeyPublications } from './signing-keys.ts';
import { forgetVerifiedTokens } from './verified-token-cache.ts';

/**
 * The channel on which the database announces changes to what access-token verification caches.
 * Sent by triggers (migration Migration20261128000000_oauth_state_notifications) in the transaction of
 * the change, so it is delivered at commit and only if it commits, whatever wrote it (a procedure, an
 * admin command, a cascade from a deleted business or user, hand-written SQL). Payloads:
 * `grant:<id>` a grant's revocation or deletion; `members` a membership or client change;
 * `keys` a signing-key change (creation, rotation).
 */
const OAUTH_STATE_CHANNEL = 'fsa_oauth_state';

/** Invalidates the verification caches (and the token endpoint's client cache) of this process on each notification, and all of them on a gap. */
export function followOAuthStateNotifications(notifications: DatabaseNotifications): void {
  notifications.subscribe(OAUTH_STATE_CHANNEL, (payload) => {
    if (payload.startsWith('grant:')) forgetGrantState(payload.slice('grant:'.length));
    else if (payload === 'keys') {
      forgetKeyPublications();
      forgetVerifiedTokens();
    } else {
      forgetAllGrantStates();
      forgetClients();
    }
  });
  notifications.onGap(() => {
    forgetAllGrantStates();
    forgetClients();
    forgetKeyPublications();
    forgetVerifiedTokens();
  });
}
