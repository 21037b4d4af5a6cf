import { apiTokenScopes, defaultApiTokenScopes } from '../../core/auth/scopes.ts';
import { listFlag, requiredFlag, type AdminCommand } from './command.ts';

/** Checked by the procedure: an unknown scope is VALIDATION_FAILED naming it. */
type ApiTokenScope = (typeof apiTokenScopes)[number];

export const createApiTokenCommand: AdminCommand = {
  name: 'create-api-token',
  summary: 'Create a workspace API token and print it, this one time only.',
  help: `--business <id or slug> --name <name> [--scope <scope>]...

  --business <id or slug>  the business the token acts for
  --name <name>            what the token is for, e.g. "billing sync"
  --scope <scope>          repeatable or comma-separated: ${apiTokenScopes.join(', ')}
                           (default ${defaultApiTokenScopes.join(', ')})
  The token is printed once and stored only as a hash: keep it in a secret store right away.
  A lost token cannot be shown again; revoke it and create another.`,
  options: {
    business: { type: 'string' },
    name: { type: 'string' },
    scope: { type: 'string', multiple: true },
  },
  async prepare(values) {
    const scopes = listFlag(values, 'scope');
    const input = { business: requiredFlag(values, 'business'), name: requiredFlag(values, 'name'), ...(scopes ? { scopes: scopes as ApiTokenScope[] } : {}) };
    return async (caller) => {
      const token = await caller.accounts.createApiToken(input);
      return {
        json: token,
        text: `Created API token "${token.name}" (id ${token.id}) with scopes ${token.scopes.join(', ')}.\n${token.token}`,
        notice: 'warning: this is the only time the token is shown; store it now. It is kept only as a hash and cannot be shown again.',
      };
    };
  },
};
