import { defineEntity } from '@mikro-orm/core';
import { OAuthGrant } from './grant.ts';

/**
 * A single-use authorization code, stored only as its SHA-256 (hex), bound to the grant, the
 * redirect URI and the PKCE challenge it was issued for. Read and written with SQL by
 * core/services/oauth; the entity describes the table.
 */
export const OAuthAuthorizationCode = defineEntity({
  name: 'OAuthAuthorizationCode',
  tableName: 'oauth_authorization_codes',
  properties: (p) => ({
    codeHash: p.character().length(64).primary(),
    grantId: p.manyToOne(OAuthGrant).mapToPk().fieldName('grant_id').deleteRule('cascade').updateRule('no action'),
    redirectUri: p.text(),
    codeChallenge: p.string().length(128),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  }),
});
