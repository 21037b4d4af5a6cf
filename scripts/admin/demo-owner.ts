import { demoWorkspaceSpecs } from '../seed/demo-data/field-service/specs.ts';
import type { AdminCommand } from './command.ts';

export const demoOwnerCommand: AdminCommand = {
  name: 'demo-owner',
  summary: "Print the e-mail of the demo businesses' owner (the password: reset-password).",
  help: `

  The account a development start created with the demo businesses, as stored (whatever
  DEMO_OWNER_EMAIL says now). Its password was printed once at that start and is kept only as a
  hash: to sign in without it, run reset-password --email <this address>.`,
  options: {},
  async prepare() {
    const slugs = Object.values(demoWorkspaceSpecs).map((spec) => spec.slug);
    return async (caller) => {
      const { owners } = await caller.infrastructure.demo.findDemoOwners({ business_slugs: slugs });
      if (owners.length === 0)
        return {
          json: owners,
          text: 'No demo businesses with an owner: a development start on an empty database creates them (SEED_DEMO).',
        };
      const lines = owners.map(
        (owner) =>
          `${owner.email} (${owner.name}), owner of ${owner.businesses.map((b) => `${b.name} (${b.slug})`).join(', ')}`,
      );
      return {
        json: owners,
        text: lines.join('\n'),
        notice: `A lost password: npm run admin -- reset-password --email ${owners[0]!.email}`,
      };
    };
  },
};
