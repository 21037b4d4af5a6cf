import { requiredFlag, type AdminCommand } from './command.ts';
import { readPassword } from './password.ts';

export const createUserCommand: AdminCommand = {
  name: 'create-user',
  summary: 'Create a user who can sign in (e-mail unique in any letter case).',
  help: `--email <address> --name <name> [--password-stdin | --password <password>]

  --email <address>     the sign-in address
  --name <name>         the person's name
  --password-stdin      read the password (12 to 200 characters) from standard input
  --password <password> the password on the command line (visible in the process list)
  The password may also come from the ADMIN_PASSWORD environment variable. It is never printed.`,
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
    'password-stdin': { type: 'boolean' },
  },
  async prepare(values, io) {
    const input = {
      email: requiredFlag(values, 'email'),
      name: requiredFlag(values, 'name'),
      password: await readPassword(values, io),
    };
    return async (caller) => {
      const user = await caller.accounts.createUser(input);
      return { json: user, text: `Created user ${user.email} (${user.name}), id ${user.id}.` };
    };
  },
};
