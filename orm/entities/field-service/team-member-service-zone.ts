import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

/** A team member covers a service zone; the business is part of the key so both ends must belong to it. */
export const TeamMemberServiceZone = defineEntity({
  name: 'TeamMemberServiceZone',
  tableName: 'team_member_service_zones',
  properties: (p) => ({
    businessId: businessReference().primary(),
    teamMemberId: p.uuid().primary(),
    serviceZoneId: p.uuid().primary(),
  }),
});
