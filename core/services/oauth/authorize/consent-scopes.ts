import type { mcpScopes } from '../../../auth/scopes.ts';

type McpScope = (typeof mcpScopes)[number];

/** Read access comes with every grant: the consent page shows it, and the user cannot take it out. */
const ALWAYS_GRANTED: readonly string[] = ['mcp:read', 'mcp:use'];

/** What each scope lets the application do, in the words of the consent page. */
const scopeWording: Record<McpScope, { title: string; description: string }> = {
  'mcp:read': {
    title: 'Read your business data',
    description: 'Customers, properties, jobs, the schedule, estimates, invoices, payments, the team and reports.',
  },
  'mcp:use': {
    title: 'Read your business data',
    description: 'Customers, properties, jobs, the schedule, estimates, invoices, payments, the team and reports (read only).',
  },
  'mcp:customers:write': { title: 'Create customers', description: 'Add new customers to your business.' },
  'mcp:jobs:write': { title: 'Create jobs', description: 'Add new jobs to your business.' },
  'mcp:write': { title: 'Create customers and jobs', description: 'Every write tool the connection offers today: adding customers and jobs.' },
};

export interface ConsentScope {
  scope: string;
  title: string;
  description: string;
  /** True for write scopes: the user may untick them. */
  optional: boolean;
}

/** The requested scopes as the consent page lists them (request order). */
export function consentScopes(requested: readonly string[]): ConsentScope[] {
  return requested.map((scope) => ({ scope, ...scopeWording[scope as McpScope], optional: !ALWAYS_GRANTED.includes(scope) }));
}

/**
 * The scopes a consent grants: every requested read scope, plus the requested write scopes the
 * user left ticked. Answers undefined when the submission names a scope that is not an optional
 * scope of the request (the form never offers one, so it was tampered with).
 *
 * Does NOT cover: whether the client may ask for the requested scopes (the authorization request
 * check already limited them to the client's registration).
 */
export function grantedScopes(requested: readonly string[], kept: readonly string[]): string[] | undefined {
  const optional = requested.filter((scope) => !ALWAYS_GRANTED.includes(scope));
  if (kept.some((scope) => !optional.includes(scope))) return undefined;
  return requested.filter((scope) => ALWAYS_GRANTED.includes(scope) || kept.includes(scope));
}
