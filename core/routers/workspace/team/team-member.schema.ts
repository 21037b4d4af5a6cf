import { z } from 'zod';

export const teamRoles = ['technician', 'dispatcher', 'manager', 'office'] as const;

export const ZTeamMember = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(teamRoles),
  skills: z.array(z.string()),
  active: z.boolean(),
  color: z.string().nullable(),
  service_zone_ids: z.array(z.uuid()).describe('Zones the member serves (list-service-zones).'),
});
