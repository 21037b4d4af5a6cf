import { createClientCache, type ClientCache } from './client-cache.ts';
import { createGrantStateCache, type GrantStateCache } from './grant-state-cache.ts';
import { createKeyPublicationCache, type KeyPublicationCache } from './signing-keys.ts';
import { createVerifiedTokenCache, type VerifiedTokenCache } from './verified-token-cache.ts';

/**
 * What one app remembers between OAuth requests. Owned by its CoreServices, so two apps in one
 * process never answer from each other's entries, and invalidated through the notifications that
 * app follows (oauth-state-notifications.ts).
 */
export interface OAuthCaches {
  clients: ClientCache;
  grantStates: GrantStateCache;
  verifiedTokens: VerifiedTokenCache;
  signingKeys: KeyPublicationCache;
}

export function createOAuthCaches(): OAuthCaches {
  return {
    clients: createClientCache(),
    grantStates: createGrantStateCache(),
    verifiedTokens: createVerifiedTokenCache(),
    signingKeys: createKeyPublicationCache(),
  };
}
