import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * A registered public OAuth client (RFC 7591): what it may ask for and where codes may be sent.
 * It is not an account: registering creates no user, business or customer.
 */
export const OAuthClient = defineEntity({
  name: 'OAuthClient',
  tableName: 'oauth_clients',
  properties: (p) => ({
    clientId: p.string().length(64).primary(),
    clientName: p.string().length(200).nullable(),
    redirectUris: p.array(),
    scope: p.string().length(500),
    grantTypes: p.array(),
    responseTypes: p.array(),
    tokenEndpointAuthMethod: p.enum(['none']).columnType('varchar(20)').default('none'),
    metadataFingerprint: p.character().length(64).unique('oauth_clients_fingerprint_unique'),
    /** The optional RFC 7591 fields the client sent (client_uri, logo_uri, contacts, ...), echoed back. */
    metadata: p.json<Record<string, string | string[]>>().defaultRaw("'{}'"),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  }),
});

export type IOAuthClient = InferEntity<typeof OAuthClient>;
