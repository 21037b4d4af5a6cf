import { membershipRoles } from '../../orm/entities/accounts/membership.ts';
import { optionalFlag, requiredFlag, type AdminCommand } from './command.ts';

type Role = (typeof membershipRoles)[number];

export const addMemberCommand: AdminCommand = {
  name: 'add-member',
  summary: 'Give an existing user a role in a business.',
  help: `--business <id or slug> --email <address> [--role owner|admin|member]

  --business <id or slug>  the business
  --email <address>        an existing user
  --role <role>            ${membershipRoles.join(', ')} (default member)
  Adding a member again with the same role changes nothing; another role is refused (roles are
  not changed by this command).`,
  options: {
    business: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string' },
  },
  async prepare(values) {
    // Values are checked by the procedure, like every other flag's value.
    const role = (optionalFlag(values, 'role') ?? 'member') as Role;
    const input = { business: requiredFlag(values, 'business'), email: requiredFlag(values, 'email'), role };
    return async (caller) => {
      const member = await caller.accounts.addMember(input);
      const text = member.created
        ? `Added ${member.email} to ${member.business_slug} as ${member.role}.`
        : `${member.email} already is ${member.role} of ${member.business_slug}; nothing changed.`;
      return { json: member, text };
    };
  },
};
