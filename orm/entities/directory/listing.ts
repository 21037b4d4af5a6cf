import { defineEntity } from '@mikro-orm/core';

export const claimStatuses = ['unclaimed', 'claim_pending', 'claimed'] as const;
export const listingStatuses = ['published', 'draft', 'hidden'] as const;

/**
 * A business in the public directory. Public reads bypass the entity (lean SQL in
 * core/services/directory); the entity serves administrative code. The generated `search`
 * tsvector column is left unmapped: only SQL reads it. Schema: the hand-written migration.
 */
export const DirectoryListing = defineEntity({
  name: 'DirectoryListing',
  tableName: 'directory_listings',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    slug: p.string().length(200).unique(),
    name: p.string().length(200),
    industryKey: p.string().length(100),
    industryLabel: p.string().length(200),
    metroKey: p.string().length(100),
    metroLabel: p.string().length(200),
    services: p.array().default([]),
    claimStatus: p.enum([...claimStatuses]).default('unclaimed'),
    /** Only `published` listings are public. */
    status: p.enum([...listingStatuses]).default('draft'),
    phone: p.string().length(50).nullable(),
    websiteUrl: p.string().length(500).nullable(),
    address: p.string().length(300).nullable(),
    postalCode: p.string().length(20).nullable(),
    city: p.string().length(100).nullable(),
    state: p.string().length(50).nullable(),
    latitude: p.double().nullable(),
    longitude: p.double().nullable(),
    /** numeric(2,1): 0.0-5.0, null when the business has no reviews. */
    rating: p.decimal('number').precision(2).scale(1).nullable(),
    reviewCount: p.integer().default(0),
    shortDescription: p.string().length(500).nullable(),
    description: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  }),
});
