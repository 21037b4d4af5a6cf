import { router } from '../../trpc.ts';
import { getAuthorizationServerMetadata } from './get-authorization-server-metadata.ts';
import { getJwks } from './get-jwks.ts';
import { getProtectedResourceMetadata } from './get-protected-resource-metadata.ts';
import { rotateSigningKey } from './rotate-signing-key.ts';

/** The authorization server's discovery documents and keys (the well-known adapter serves the metadata). */
export const oauthMetadataRouter = router({
  getJwks,
  getAuthorizationServerMetadata,
  getProtectedResourceMetadata,
});

/** The operator's signing key rotation: system only (the admin command), no transport reaches it. */
export const signingKeysRouter = router({ rotate: rotateSigningKey });
