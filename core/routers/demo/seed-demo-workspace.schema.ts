import { z } from 'zod';

export const ZSeedDemoWorkspaceInput = z.object({
  workspace: z.enum(['primary', 'secondary']).describe('primary: Summit Home Services (a few hundred customers); secondary: Harbor Plumbing Co. (small).'),
  owner_email: z.email().max(254).optional().describe('An existing user (by e-mail, any letter case) to make the business\'s owner.'),
});

export const ZSeedDemoWorkspaceOutput = z.object({
  business_id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  rows: z.record(z.string(), z.number().int()).describe('Rows inserted per table.'),
});
