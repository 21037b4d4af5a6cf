import { randomUUID } from 'node:crypto';
import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { businessReference } from './references.ts';
import { User } from './user.ts';

/**
 * A workspace API token. Only the SHA-256 of the token is stored (the token is 256 random bits,
 * so a fast hash suffices); the prefix lets a person recognise it in listings. Revoked and expired tokens stay
 * as a record of who had access.
 */
export const ApiToken = defineEntity({
  name: 'ApiToken',
  tableName: 'api_tokens',
  indexes: [
    {
      name: 'api_tokens_business_idx',
      expression: 'create index api_tokens_business_idx on api_tokens (business_id, created_at desc)',
    },
  ],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    name: p.string().length(100),
    tokenPrefix: p.string().length(20),
    /** Hex SHA-256 of the whole token; never serialised. */
    tokenHash: p.character().length(64).unique('api_tokens_hash_unique').hidden(),
    scopes: p.array(),
    /** The user who created it; null once that user is deleted. */
    createdBy: p
      .manyToOne(User)
      .mapToPk()
      .fieldName('created_by')
      .nullable()
      .deleteRule('set null')
      .updateRule('no action'),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    lastUsedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    /** When it stops working on its own; null: until revoked. An expired token is refused like a revoked one. */
    expiresAt: p.datetime().nullable(),
  }),
});

export type IApiToken = InferEntity<typeof ApiToken>;
