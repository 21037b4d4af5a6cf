import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';
import { User } from '../accounts/user.ts';

const teamMemberRoles = ['technician', 'dispatcher', 'manager', 'office'] as const;

/** One working window of a team member, in the business's time zone (`weekday` is ISO: Monday = 1). */
export interface TeamMemberWorkingHours {
  weekday: number;
  /** HH:MM */
  start: string;
  /** HH:MM */
  end: string;
}

/**
 * Someone who does or dispatches the work. Separate from users: a technician need not sign in,
 * and `userId` links the two when they do.
 */
export const TeamMember = defineEntity({
  name: 'TeamMember',
  tableName: 'team_members',
  uniques: [{ name: 'team_members_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [
    {
      name: 'team_members_name_idx',
      expression: 'create index team_members_name_idx on team_members (business_id, name collate "C", id)',
    },
  ],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    userId: p.manyToOne(User).mapToPk().fieldName('user_id').nullable().deleteRule('set null').updateRule('no action'),
    name: p.string().length(200),
    email: p.string().length(254).nullable(),
    phone: p.string().length(50).nullable(),
    role: p.enum([...teamMemberRoles]).columnType('varchar(20)'),
    skills: p.array().default([]),
    active: p.boolean().default(true),
    color: p.string().length(7).nullable(),
    workingHours: p.json<TeamMemberWorkingHours[]>().default([]),
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
