import { apiTokenScopes, defaultApiTokenScopes } from '../../core/auth/scopes.ts';
import { listFlag, optionalFlag, requiredFlag, type AdminCommand } from './command.ts';
import { parseLifetime } from './duration.ts';

/** Checked by the procedure: an unknown scope is VALIDATION_FAILED naming it. */
type ApiTokenScope = (typeof apiTokenScopes)[number];

export const createApiTokenCommand: AdminCommand = {
  name: 'create-api-token',
  summary: 'Create a workspace API token and print it, this one time only.',
  help: `--business <id or slug> --name <name> [--scope <scope>]... [--expires-in <duration>]

  --business <id or slug>  the business the token acts for
  --name <name>            what the token is for, e.g. "billing sync"
  --scope <scope>          repeatable or comma-separated: ${apiTokenScopes.join(', ')}
                           (default ${defaultApiTokenScopes.join(', ')})
  --expires-in <duration>  e.g. 90d, 12h or 30m (1m to 3650d): after it the token is refused
                           like a revoked one (default: no expiry, until revoked)
  The token is printed once and stored only as a hash: keep it in a secret store right away.
  A lost token cannot be shown again; revoke it and create another.`,
  options: {
    business: { type: 'string' },
    name: { type: 'string' },
    scope: { type: 'string', multiple: true },
    'expires-in': { type: 'string' },
  },
  async prepare(values) {
    const scopes = listFlag(values, 'scope');
    const lifetime = optionalFlag(values, 'expires-in');
    const input = {
      business: requiredFlag(values, 'business'),
      name: requiredFlag(values, 'name'),
      ...(scopes ? { scopes: scopes as ApiTokenScope[] } : {}),
      ...(lifetime === undefined ? {} : { expires_in_seconds: parseLifetime('expires-in', lifetime) }),
    };
    return async (caller) => {
      const token = await caller.accounts.createApiToken(input);
      return {
        json: token,
        text: `Created API token "${token.name}" (id ${token.id}) with scopes ${token.scopes.join(', ')}, ${token.expires_at ? `expiring ${token.expires_at}` : 'without expiry'}.\n${token.token}`,
        notice:
          'warning: this is the only time the token is shown; store it now. It is kept only as a hash and cannot be shown again.',
      };
    };
  },
};
