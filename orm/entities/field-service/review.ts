import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

export const reviewSources = ['internal', 'google', 'yelp', 'facebook', 'other'] as const;

/** A customer's rating of the business, collected in-house or imported from a review site. */
export const Review = defineEntity({
  name: 'Review',
  tableName: 'reviews',
  uniques: [{ name: 'reviews_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [
    {
      name: 'reviews_reviewed_idx',
      expression: 'create index reviews_reviewed_idx on reviews (business_id, reviewed_at desc, id desc)',
    },
  ],
  checks: [{ name: 'reviews_rating_check', expression: 'rating between 1 and 5' }],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    /** Null for reviews from people not (yet) matched to a customer, e.g. imported ones. */
    customerId: p.uuid().nullable(),
    jobId: p.uuid().nullable(),
    /** 1-5 stars. */
    rating: p.smallint(),
    comment: p.string().length(5000).nullable(),
    reviewerName: p.string().length(200),
    source: p
      .enum([...reviewSources])
      .columnType('varchar(20)')
      .default('internal'),
    reviewedAt: p.datetime(),
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
