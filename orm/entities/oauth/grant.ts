import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference, userReference } from '../accounts/references.ts';
import { OAuthClient } from './client.ts';

/**
 * A user's consent for one client inside one business, for a scope and a resource. Codes,
 * refresh tokens and access tokens are issued from it; revoking it (`revokedAt`) ends them all.
 */
export const OAuthGrant = defineEntity({
  name: 'OAuthGrant',
  tableName: 'oauth_grants',
  indexes: [{ name: 'oauth_grants_user_idx', properties: ['userId', 'clientId'] }],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    clientId: p.manyToOne(OAuthClient).mapToPk().fieldName('client_id').deleteRule('cascade').updateRule('no action'),
    userId: userReference(),
    businessId: businessReference(),
    /** Space-separated granted scopes. */
    scope: p.string().length(500),
    /** The RFC 8707 resource the tokens are for (the MCP resource URL). */
    resource: p.string().length(500),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    revokedAt: p.datetime().nullable(),
  }),
});
