import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';
import { DirectoryListing } from './listing.ts';

export const directoryClaimStatuses = ['pending', 'approved', 'rejected', 'withdrawn', 'revoked'] as const;

/**
 * A business's claim of a directory listing (docs/directory-import-and-claims.md#claims). `evidence`
 * is what the service compared when the claim was made (the business profile against the listing).
 * At most one pending claim per listing: a partial unique index, so concurrent requests cannot both win.
 */
export const DirectoryClaim = defineEntity({
  name: 'DirectoryClaim',
  tableName: 'directory_claims',
  indexes: [
    {
      name: 'directory_claims_one_pending_idx',
      expression: `create unique index directory_claims_one_pending_idx on directory_claims (listing_id) where status = 'pending'`,
    },
    { name: 'directory_claims_business_idx', properties: ['businessId', 'createdAt', 'id'] },
    { name: 'directory_claims_listing_idx', properties: ['listing', 'createdAt'] },
    {
      name: 'directory_claims_pending_idx',
      expression: `create index directory_claims_pending_idx on directory_claims (created_at, id) where status = 'pending'`,
    },
  ],
  properties: (p) => ({
    id: p.uuid().primary(),
    listing: p.manyToOne(DirectoryListing).mapToPk().deleteRule('cascade').updateRule('no action'),
    businessId: businessReference(),
    status: p
      .enum([...directoryClaimStatuses])
      .columnType('varchar(20)')
      .default('pending'),
    evidence: p.json<Record<string, unknown>>(),
    evidenceNote: p.string().length(1000).nullable(),
    reason: p.string().length(1000).nullable(),
    decidedAt: p.datetime().nullable(),
    decidedBy: p.string().length(200).nullable(),
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
