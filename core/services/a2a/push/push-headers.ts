import { openPushCredentials, tokenOfSigningSecret } from './push-secrets.ts';

/** What the webhook engine's claim reads of an A2A push config (null members: not a push endpoint). */
export interface ClaimedPush {
  endpointId: string;
  wireVersion: '0.3' | '1.0' | null;
  hasToken: boolean | null;
  authScheme: string | null;
  authCredentialsCiphertext: string | null;
}

/**
 * The headers A2A adds to a push delivery, beside the engine's Standard Webhooks signature: the
 * version's media type (1.0 `application/a2a+json`, 0.3 `application/json`), the client's token as
 * `X-A2A-Notification-Token` (0.3's name, which the official SDKs send in both versions), and
 * `Authorization: <scheme> <credentials>` when the config names both (A2A 1.0 section 4.3.3). Nothing
 * for an endpoint that is not a push config. Opening a sealed value throws (the caller records the
 * attempt failed, as for an endpoint secret that does not open).
 */
export function pushHeaders(key: Buffer, push: ClaimedPush, signingSecret: string): Record<string, string> {
  if (push.wireVersion === null) return {};
  const headers: Record<string, string> = {
    'content-type': push.wireVersion === '1.0' ? 'application/a2a+json' : 'application/json',
  };
  if (push.hasToken) headers['x-a2a-notification-token'] = tokenOfSigningSecret(signingSecret);
  if (push.authScheme && push.authCredentialsCiphertext)
    headers.authorization = `${push.authScheme} ${openPushCredentials(key, push.endpointId, push.authCredentialsCiphertext)}`;
  return headers;
}
