import { z } from 'zod';

export const ZSeedDemoWorkspaceInput = z.object({
  workspace: z.enum(['primary', 'secondary']).describe('primary: Summit Home Services (a few hundred customers); secondary: Harbor Plumbing Co. (small).'),
  owner_user_id: z.uuid().optional().describe('An existing user to make the business\'s owner.'),
});

export const ZSeedDemoWorkspaceOutput = z.object({
  business_id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  rows: z.record(z.string(), z.number().int()).describe('Rows inserted per table.'),
});
