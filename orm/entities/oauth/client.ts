import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * A public OAuth client: what it may ask for and where codes may be sent. Either registered (RFC
 * 7591, a generated `mcp_...` client_id) or known by its client ID metadata document (the client_id
 * is the document's https URL; the row holds the last fetched and checked document, so grants,
 * codes, refresh tokens, revocation and the token endpoint treat both alike). It is not an account:
 * it creates no user, business or customer.
 */
export const OAuthClient = defineEntity({
  name: 'OAuthClient',
  tableName: 'oauth_clients',
  properties: (p) => ({
    clientId: p.string().length(512).primary(),
    clientName: p.string().length(200).nullable(),
    redirectUris: p.array(),
    scope: p.string().length(500),
    grantTypes: p.array(),
    responseTypes: p.array(),
    tokenEndpointAuthMethod: p.enum(['none']).columnType('varchar(20)').default('none'),
    metadataFingerprint: p.character().length(64).unique('oauth_clients_fingerprint_unique'),
    /** The optional RFC 7591 fields the client sent (client_uri, logo_uri, contacts, ...), echoed back. */
    metadata: p.json<Record<string, string | string[]>>().defaultRaw("'{}'"),
    /** `registration` (RFC 7591) or `metadata_document` (upserted from its fetched document). */
    source: p.enum(['registration', 'metadata_document']).columnType('varchar(20)').default('registration'),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  }),
});

export type IOAuthClient = InferEntity<typeof OAuthClient>;
