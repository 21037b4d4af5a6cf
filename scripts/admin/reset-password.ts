import { randomBytes } from 'node:crypto';
import { requiredFlag, type AdminCommand } from './command.ts';
import { givenPassword } from './password.ts';

export const resetPasswordCommand: AdminCommand = {
  name: 'reset-password',
  summary: "Set a user's password (a generated one is printed, this one time only); signs them out.",
  help: `--email <address> [--password-stdin | --password <password>]

  --email <address>     the user's sign-in address (any letter case)
  --password-stdin      read the new password (12 to 200 characters) from standard input
  --password <password> the new password on the command line (visible in the process list)
  The password may also come from the ADMIN_PASSWORD environment variable. Without any of them a
  password is generated and printed once: it is stored only as a hash and cannot be shown again.
  The user's browser sign-ins end; OAuth grants stay (see list-oauth-grants, revoke-oauth-grant).`,
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'password-stdin': { type: 'boolean' },
  },
  async prepare(values, io) {
    const given = await givenPassword(values, io);
    // 24 characters of base64url: 144 random bits, typeable, and within the 12-200 the schema asks.
    const password = given ?? randomBytes(18).toString('base64url');
    const input = { email: requiredFlag(values, 'email'), password };
    return async (caller) => {
      const result = await caller.accounts.resetUserPassword(input);
      const ended = `${result.sessions_ended} browser sign-in${result.sessions_ended === 1 ? '' : 's'} ended`;
      const summary = `Reset the password of ${result.user.email} (${result.user.name}); ${ended}.`;
      if (given !== undefined) return { json: { ...result, password_generated: false }, text: summary };
      return {
        json: { ...result, password_generated: true, password },
        text: `${summary}\n${password}`,
        notice:
          'warning: this is the only time the generated password is shown; pass it on now. It is kept only as a hash.',
      };
    };
  },
};
