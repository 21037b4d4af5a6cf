import { newWebhookSecret, openWebhookSecret, sealWebhookSecret } from '../../webhooks/secret-box.ts';

/**
 * A push config's secrets at rest, sealed with the webhook engine's secret box. The client's token
 * becomes its endpoint's Standard Webhooks secret (`whsec_` + base64 of the token's bytes): the
 * engine signs every push with it, and the receiver, which chose the token, verifies with it and
 * needs no other key. Without a token the endpoint gets a random secret nobody is shown (the
 * deliveries are signed, but only a token makes that verifiable). The authentication credentials are
 * sealed under their own associated data, so neither ciphertext opens as the other.
 */
const SECRET_PREFIX = 'whsec_';

export function pushSigningSecret(token: string | undefined): string {
  return token === undefined ? newWebhookSecret() : `${SECRET_PREFIX}${Buffer.from(token, 'utf8').toString('base64')}`;
}

/** The token back from an endpoint's opened secret (only for a config that has one). */
export function tokenOfSigningSecret(secret: string): string {
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64').toString('utf8');
}

const credentialsOwner = (endpointId: string) => `${endpointId}:authentication`;

export function sealPushCredentials(key: Buffer, endpointId: string, credentials: string): string {
  return sealWebhookSecret(key, credentialsOwner(endpointId), credentials);
}

export function openPushCredentials(key: Buffer, endpointId: string, sealed: string): string {
  return openWebhookSecret(key, credentialsOwner(endpointId), sealed);
}
