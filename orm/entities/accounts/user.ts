import { randomUUID } from 'node:crypto';
import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * A person who can sign in; what they may touch comes from their memberships, not from this row.
 * E-mail is unique case-insensitively (the expression index below). The password
 * hash is hidden and lazy: it is never serialised and only sign-in code asks for it.
 */
export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  indexes: [
    {
      name: 'users_email_lower_unique',
      expression: 'create unique index users_email_lower_unique on users (lower(email))',
    },
  ],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    email: p.string().length(254),
    name: p.string().length(200),
    /** scrypt$<N>$<r>$<p>$<salt b64url>$<hash b64url>. */
    passwordHash: p.string().length(300).hidden().lazy(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});

export type IUser = InferEntity<typeof User>;
