import { AppError } from '../errors/index.ts';
import { apiTokenScopes } from './scopes.ts';

const workspaceScopes: readonly string[] = apiTokenScopes;

/**
 * The 403 a workspace API token gets for a scope it lacks. It names only workspace scopes (an
 * `mcp:*` scope is for OAuth access tokens, which this token can never become) and, instead of the
 * catalogue's "authorize again with the user's consent" (OAuth's way), how such a token is made:
 * its scopes are fixed when an operator creates it with the admin CLI, so the fix is a new token.
 */
export function workspaceScopeRefusal(
  operation: string,
  accepted: readonly string[],
  held: readonly string[],
): AppError {
  const usable = accepted.filter((scope) => workspaceScopes.includes(scope));
  const [first, ...others] = usable;
  const alternatives = others.length > 0 ? ` (or ${others.join(', ')})` : '';
  return new AppError(
    'INSUFFICIENT_SCOPE',
    `${operation} needs the workspace scope ${first}${alternatives}; this workspace API token carries ${held.join(', ') || 'no scope'}.`,
    {
      details: [{ required_scopes: [first], accepted_scopes: usable }],
      resolution:
        "A workspace API token's scopes are fixed when it is created: use a token that carries one of the scopes in details (accepted_scopes). " +
        `An operator of the service creates one with \`npm run admin -- create-api-token --business <business slug> --name <token name> --scope ${first}\` ` +
        '(the token is printed once), then revokes the old one with `npm run admin -- revoke-api-token --token-id <id>` if it is no longer needed.',
    },
  );
}
