import type { oauthScopes } from '../../../auth/scopes.ts';

type OAuthScope = (typeof oauthScopes)[number];

/**
 * Read access comes with every grant: the consent page shows it, and the user cannot take it out.
 * So does `a2a:tasks`: it writes nothing in the business, it only makes the agent's tasks its own.
 */
const ALWAYS_GRANTED: readonly string[] = ['mcp:read', 'mcp:use', 'a2a:tasks'];

/**
 * The membership roles that may give an application write access to their business. A plain
 * member works in the business day to day, but letting an outside application create records in
 * it is a decision for its owner or an admin (the same line the roles draw elsewhere): a member's
 * grant carries read scopes only.
 */
const WRITE_GRANTING_ROLES: readonly string[] = ['owner', 'admin'];

export function roleMayGrantWrites(role: string): boolean {
  return WRITE_GRANTING_ROLES.includes(role);
}

export function isWriteScope(scope: string): boolean {
  return !ALWAYS_GRANTED.includes(scope);
}

/** What each scope lets the application do, in the words of the consent page. */
const scopeWording: Record<OAuthScope, { title: string; description: string }> = {
  'mcp:read': {
    title: 'Read your business data',
    description: 'Customers, properties, jobs, the schedule, estimates, invoices, payments, the team and reports.',
  },
  'mcp:use': {
    title: 'Read your business data',
    description:
      'Customers, properties, jobs, the schedule, estimates, invoices, payments, the team and reports (read only).',
  },
  'mcp:customers:write': { title: 'Create customers', description: 'Add new customers to your business.' },
  'mcp:jobs:write': { title: 'Create jobs', description: 'Add new jobs to your business.' },
  'mcp:write': {
    title: 'Create customers and jobs',
    description: 'Every write tool the connection offers today: adding customers and jobs.',
  },
  'a2a:tasks': {
    title: 'Keep its agent tasks private to this connection',
    description:
      'The tasks the application sends to the public agent are kept under this connection: only it can read, list or cancel them.',
  },
};

export interface ConsentScope {
  scope: string;
  title: string;
  description: string;
  /** True for write scopes the user may grant: they may untick them. */
  optional: boolean;
  /**
   * False for a write scope the user cannot grant in any of their businesses (their role is
   * member in each): the page lists it as not offered, and the grant will not carry it.
   */
  offered: boolean;
}

/** The requested scopes as the consent page lists them (request order); write scopes are offered when `writesOffered`. */
export function consentScopes(requested: readonly string[], writesOffered: boolean): ConsentScope[] {
  return requested.map((scope) => {
    const write = isWriteScope(scope);
    return {
      scope,
      ...scopeWording[scope as OAuthScope],
      optional: write && writesOffered,
      offered: !write || writesOffered,
    };
  });
}

/**
 * The scopes a consent grants: every requested read scope, plus the requested write scopes the
 * user left ticked when `writesAllowed` (their role in the chosen business is owner or admin;
 * otherwise the write scopes are dropped, whatever the form says). Answers undefined when the
 * submission names a scope that is not a write scope of the request (the form never offers one,
 * so it was tampered with).
 *
 * Does NOT cover: whether the client may ask for the requested scopes (the authorization request
 * check already limited them to the client's registration).
 */
export function grantedScopes(
  requested: readonly string[],
  kept: readonly string[],
  writesAllowed: boolean,
): string[] | undefined {
  const optional = requested.filter(isWriteScope);
  if (kept.some((scope) => !optional.includes(scope))) return undefined;
  return requested.filter((scope) => !isWriteScope(scope) || (writesAllowed && kept.includes(scope)));
}
