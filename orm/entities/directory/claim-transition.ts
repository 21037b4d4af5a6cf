import { defineEntity } from '@mikro-orm/core';
import { DirectoryClaim } from './claim.ts';

/** One step of a claim's history: who moved it from which status to which, and why. Append-only. */
export const DirectoryClaimTransition = defineEntity({
  name: 'DirectoryClaimTransition',
  tableName: 'directory_claim_transitions',
  indexes: [{ name: 'directory_claim_transitions_claim_idx', properties: ['claim', 'id'] }],
  properties: (p) => ({
    id: p.bigint('number').primary().autoincrement().generated('by default as identity'),
    claim: p.manyToOne(DirectoryClaim).mapToPk().deleteRule('cascade').updateRule('no action'),
    /** Null for the request that created the claim. */
    fromStatus: p.string().length(20).nullable(),
    toStatus: p.string().length(20),
    actor: p.enum(['business', 'operator']).columnType('varchar(20)'),
    note: p.string().length(1000).nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  }),
});
