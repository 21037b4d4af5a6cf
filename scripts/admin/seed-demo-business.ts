import type { DemoWorkspaceName } from '../seed/demo-data/field-service/specs.ts';
import { seedDemoWorkspace } from '../seed/demo-workspaces.ts';
import type { AdminCommand } from './command.ts';
import { optionalFlag, UsageError } from './command.ts';

const workspaces: readonly DemoWorkspaceName[] = ['primary', 'secondary'];

export const seedDemoBusinessCommand: AdminCommand = {
  name: 'seed-demo-business',
  summary: 'Create one of the two deterministic demo businesses with its customers, jobs, schedule and money.',
  help: `[--workspace primary|secondary] [--owner-email <e-mail>]
  --workspace    primary: Summit Home Services (300 customers, team of 8; default);
                 secondary: Harbor Plumbing Co. (small, another time zone)
  --owner-email  an existing user to make its owner`,
  options: { workspace: { type: 'string' }, 'owner-email': { type: 'string' } },
  async prepare(values) {
    const workspace = optionalFlag(values, 'workspace') ?? 'primary';
    if (!(workspaces as readonly string[]).includes(workspace))
      throw new UsageError(`--workspace must be one of ${workspaces.join(', ')}.`);
    const ownerEmail = optionalFlag(values, 'owner-email');
    return async (caller) => {
      const result = await seedDemoWorkspace(caller, workspace as DemoWorkspaceName, ownerEmail);
      const rows = Object.values(result.rows).reduce((sum, count) => sum + count, 0);
      return {
        json: result,
        text: `Created ${result.name} (${result.slug}, id ${result.business_id}) with ${rows} rows.`,
      };
    };
  },
};
