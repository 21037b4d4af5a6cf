import { defineEntity } from '@mikro-orm/core';
import { OAuthGrant } from './grant.ts';

/**
 * A rotating refresh token, stored only as its SHA-256 (hex). Rotation sets `usedAt` and
 * `replacedBy` (the successor's hash); a second use after the grace window revokes the whole grant.
 * Read and written with SQL by core/services/oauth; the entity describes the table.
 */
export const OAuthRefreshToken = defineEntity({
  name: 'OAuthRefreshToken',
  tableName: 'oauth_refresh_tokens',
  indexes: [{ name: 'oauth_refresh_tokens_grant_idx', properties: ['grantId'] }],
  properties: (p) => ({
    tokenHash: p.character().length(64).primary(),
    grantId: p.manyToOne(OAuthGrant).mapToPk().fieldName('grant_id').deleteRule('cascade').updateRule('no action'),
    scope: p.string().length(500),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    replacedBy: p.character().length(64).nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  }),
});
