import { router } from '../../trpc.ts';
import { getAuthorizationServerMetadata } from './get-authorization-server-metadata.ts';
import { getJwks } from './get-jwks.ts';
import { getProtectedResourceMetadata } from './get-protected-resource-metadata.ts';
import { rotateSigningKey } from './rotate-signing-key.ts';

/** The authorization server's discovery documents and keys (the well-known adapter serves the metadata). */
export const oauthRouter = router({
  getJwks,
  getAuthorizationServerMetadata,
  getProtectedResourceMetadata,
  // System-only (scripts): no transport reaches it.
  rotateSigningKey,
});
