import type { Principal } from './principal.ts';

/**
 * What a workspace procedure needs: reading the business's data, or one of the two writes.
 * Each procedure declares it in its `tool` meta; the tenant base procedure enforces it.
 */
export type ToolAccess = 'read' | 'customers:write' | 'jobs:write';

/** OAuth scopes of the MCP resource (spec 5.4). `mcp:use` is the legacy name of `mcp:read`. */
export const mcpScopes = ['mcp:read', 'mcp:use', 'mcp:customers:write', 'mcp:jobs:write', 'mcp:write'] as const;

/** OAuth scopes of the A2A resource: `a2a:tasks` makes the caller a grant whose tasks are its own (docs/a2a.md). */
export const a2aScopes = ['a2a:tasks'] as const;

/** Every scope this authorization server knows: a client registers and asks for these; a grant holds one resource's. */
export const oauthScopes = [...mcpScopes, ...a2aScopes] as const;

/** Scopes of workspace API tokens (internal clients, webhook management, the event feed). */
export const apiTokenScopes = ['workspace:read', 'workspace:write', 'webhooks:manage', 'events:read'] as const;
export const defaultApiTokenScopes = ['workspace:read', 'workspace:write'] as const;

/** Any one of these scopes grants the access. The first MCP scope of each list is the one to ask for. */
const grantingScopes: Record<ToolAccess, readonly string[]> = {
  read: ['mcp:read', 'mcp:use', 'workspace:read', 'workspace:write'],
  'customers:write': ['mcp:customers:write', 'mcp:write', 'workspace:write'],
  'jobs:write': ['mcp:jobs:write', 'mcp:write', 'workspace:write'],
};

export function scopesGranting(access: ToolAccess): readonly string[] {
  return grantingScopes[access];
}

/** The MCP scope a client should request to gain this access (step-up). */
export function mcpScopeFor(access: ToolAccess): string {
  return grantingScopes[access][0]!;
}

/** Does this principal hold a scope that grants the access? A system caller acting for a business holds all. */
export function principalAllows(principal: Principal, access: ToolAccess): boolean {
  switch (principal.kind) {
    case 'system':
      return principal.businessId !== undefined;
    case 'api_token':
    case 'oauth':
      return grantingScopes[access].some((scope) => principal.scopes.includes(scope));
    default:
      return false;
  }
}

/**
 * The write accesses no scope this principal holds or could reach by step-up grants (see
 * reachableScopes on the OAuth principal): an agent connection has no use for those tools. Empty
 * when the principal's ceiling is unknown.
 */
export function unreachableWrites(principal: Principal): ToolAccess[] {
  if (principal.kind !== 'oauth' || principal.reachableScopes === undefined) return [];
  const reachable = new Set([...principal.scopes, ...principal.reachableScopes]);
  return (Object.keys(grantingScopes) as ToolAccess[]).filter(
    (access) => access !== 'read' && !grantingScopes[access].some((scope) => reachable.has(scope)),
  );
}
