import { isWriteScope, roleMayGrantWrites } from './authorize/consent-scopes.ts';

/**
 * The scopes a grant of this client to this member could ever carry: what the grant holds now, plus
 * the client's registered scopes that the member's role lets them consent to (a step-up asks for no
 * more: the authorization request is limited to the registration, and a plain member's consent
 * drops write scopes). MCP hides the write tools outside it, since no step-up could reach them.
 * Follows the grant's state: a role or registration change shows at the next read of that state.
 */
export function reachableScopes(clientScope: string, role: string, granted: readonly string[]): string[] {
  const registered = clientScope.split(' ').filter((scope) => scope.length > 0);
  const consentable = registered.filter((scope) => !isWriteScope(scope) || roleMayGrantWrites(role));
  return [...new Set([...granted, ...consentable])];
}
