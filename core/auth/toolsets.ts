import { mcpScopeFor, type ToolAccess } from './scopes.ts';

/** The named toolsets an MCP connection may choose (`/v1/mcp/x/{toolset}`, X-MCP-Toolsets), in catalogue order. */
export const toolsetNames = ['business', 'customers', 'jobs', 'billing', 'team', 'price-book'] as const;

/**
 * Toolsets outside the default catalogue (which the specification fixes at 45 reads and 2 writes):
 * their tools are seen only by a connection that chooses the toolset or the tool by name.
 */
export const optInToolsetNames = ['events'] as const;

export type ToolsetName = (typeof toolsetNames)[number] | (typeof optInToolsetNames)[number];

export interface Toolset {
  name: ToolsetName;
  title: string;
  /** What an agent connected to this toolset alone is for, in the words of docs/mcp-clients.md and `_meta`. */
  description: string;
  /**
   * The write accesses of its tools. Declared here, not derived, because the protected resource
   * metadata of a view needs them without the tool catalogue; the catalogue builder refuses to start
   * when a toolset's tools and this list disagree.
   */
  writes: readonly ToolAccess[];
}

export const toolsets: readonly Toolset[] = [
  {
    name: 'business',
    title: 'Business profile and reports',
    description: 'The business itself: profile, tags, tax rates, reviews, revenue and operations summaries.',
    writes: [],
  },
  {
    name: 'customers',
    title: 'Customers',
    description: 'Customers, their contacts, properties and equipment, and leads; creating a customer.',
    writes: ['customers:write'],
  },
  {
    name: 'jobs',
    title: 'Jobs and scheduling',
    description: 'Jobs, visits, the schedule, free slots, service zones and service agreements; creating a job.',
    writes: ['jobs:write'],
  },
  {
    name: 'billing',
    title: 'Estimates and invoices',
    description: 'Estimates, invoices, unpaid balances and payments.',
    writes: [],
  },
  {
    name: 'team',
    title: 'Team',
    description: 'Team members, their working hours, time entries and time off.',
    writes: [],
  },
  {
    name: 'price-book',
    title: 'Price book',
    description: 'Services and materials with their prices.',
    writes: [],
  },
];

/** The opt-in toolsets, described like the others. */
export const optInToolsets: readonly Toolset[] = [
  {
    name: 'events',
    title: 'Events',
    description:
      "The business's event feed (list-events): what was created or changed, in commit order, with long polling.",
    writes: [],
  },
];

const toolsetNameSet: ReadonlySet<string> = new Set([...toolsetNames, ...optInToolsetNames]);
const optInNameSet: ReadonlySet<string> = new Set(optInToolsetNames);

/** Whether a toolset's tools stay out of a view that does not choose them (optInToolsets). */
export function isOptInToolset(name: ToolsetName): boolean {
  return optInNameSet.has(name);
}

export function isToolsetName(name: string): name is ToolsetName {
  return toolsetNameSet.has(name);
}

/**
 * The scopes a connection that sees these toolsets should ask for: `mcp:read`, plus the write scope
 * of each write its toolsets hold unless it is read-only. Every toolset (undefined) and not read-only
 * is the registration default, so a client of the whole catalogue asks for what it asked before.
 */
export function toolsetScopes(chosen: readonly ToolsetName[] | undefined, readonly: boolean): string[] {
  const included = chosen === undefined ? toolsets : toolsets.filter((toolset) => chosen.includes(toolset.name));
  const writes = readonly ? [] : included.flatMap((toolset) => toolset.writes);
  return [...new Set([mcpScopeFor('read'), ...writes.map(mcpScopeFor)])];
}
