import { z } from 'zod';

const teamRoles = ['technician', 'dispatcher', 'manager', 'office'] as const;

export const ZTeamMemberRef = z.object({ id: z.uuid(), name: z.string() });

export const ZTeamMember = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(teamRoles).describe('technician (does the field work), dispatcher, manager or office.'),
  skills: z.array(z.string()).describe('Free-form skill tags such as "hvac" or "plumbing".'),
  active: z.boolean().describe('false for people who no longer take work; they keep their history.'),
  color: z.string().nullable().describe('Calendar colour (#RRGGBB), if set.'),
  service_zone_ids: z
    .array(z.uuid())
    .describe('Zones the member serves (see list-service-zones); empty when none is set.'),
});
