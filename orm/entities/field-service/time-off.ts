import { randomUUID } from 'node:crypto';
import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

const timeOffStatuses = ['requested', 'approved', 'denied'] as const;

/** A period a team member is unavailable, so scheduling does not book them; entered by the office it is approved at once. */
export const TimeOff = defineEntity({
  name: 'TimeOff',
  tableName: 'time_off',
  uniques: [{ name: 'time_off_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [{ name: 'time_off_start_idx', properties: ['businessId', 'startsAt', 'id'] }],
  checks: [{ name: 'time_off_window_check', expression: 'ends_at > starts_at' }],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    teamMemberId: p.uuid(),
    startsAt: p.datetime(),
    /** After `startsAt`. */
    endsAt: p.datetime(),
    reason: p.string().length(500).nullable(),
    status: p
      .enum([...timeOffStatuses])
      .columnType('varchar(20)')
      .default('approved'),
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

export type ITimeOff = InferEntity<typeof TimeOff>;
