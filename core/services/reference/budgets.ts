import type { ProcedureEntry } from '../../procedures/procedure-entry.ts';
import { isBuiltOn } from '../../procedures/introspection.ts';
import {
  agentRequestProcedure,
  clientRegistrationProcedure,
  governmentProcedure,
  oauthTokenProcedure,
  publicListProcedure,
  webhookSendNowProcedure,
} from '../../trpc.ts';
import type { ReferenceLimits } from './types.ts';

/**
 * Which procedure builder counts calls against which budget (core/trpc.ts's rateLimitedBy), keyed as
 * CoreServices.rateLimiters: a procedure built on one of these is counted by that budget.
 */
const budgetBuilders: ReadonlyArray<readonly [string, { _def: unknown }]> = [
  ['government', governmentProcedure],
  ['publicLists', publicListProcedure],
  ['agentRequests', agentRequestProcedure],
  ['oauthRegistration', clientRegistrationProcedure],
  ['oauthToken', oauthTokenProcedure],
  ['webhookSendNow', webhookSendNowProcedure],
];

/** What each budget covers, for the reader; a budget not named here is still listed with its numbers. */
const budgetScope: Readonly<Record<string, string>> = {
  government: 'the government-opportunity endpoints, per client',
  publicLists: 'the directory list and the blog list together, per client',
  agentRequests: 'A2A JSON-RPC requests, per client, reserved before anything else runs',
  mcpToolCalls: 'MCP tools/call requests that reach a tool, per OAuth grant (one agent connection)',
  agentStorage:
    'agent requests that store a row (an A2A task, an Idempotency-Key answer, a checkout session), across all clients: beyond it 503 `STORAGE_LIMIT_REACHED`',
  agentStoragePerNetwork: 'the same requests, per client network (IPv6 /48, IPv4 /24)',
  oauthRegistration: 'OAuth client registrations, per client address',
  oauthToken: 'OAuth token and revocation requests together, per client address',
  oauthLogin: 'failed sign-ins at the authorization endpoint, per e-mail address and per client address',
  webhookSendNow: 'webhook test and retry requests together, per business (and a few in flight at once)',
};

/** One budget, as the reference quotes it. */
export interface Budget {
  key: string;
  /** The name in the RateLimit-Policy header ("gov"). */
  name: string;
  points: number;
  windowSeconds: number;
  scope: string;
}

/** The configured budgets, in a stable order (by key). */
export function budgetsOf(limits: ReferenceLimits): Budget[] {
  return Object.entries(limits.budgets)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, policy]) => ({
      key,
      name: policy.name,
      points: policy.points,
      windowSeconds: policy.windowSeconds,
      scope: budgetScope[key] ?? 'per client',
    }));
}

/** "120 per 60 seconds (budget `gov`)": what is counted is the budget's `scope`. */
export function describeBudget(budget: Budget): string {
  return `${budget.points} per ${budget.windowSeconds} seconds (budget \`${budget.name}\`)`;
}

/** The budget that counts a procedure's calls, if any. */
export function budgetOf(procedure: ProcedureEntry, limits: ReferenceLimits): Budget | undefined {
  const match = budgetBuilders.find(([, builder]) => isBuiltOn(procedure, builder));
  if (!match) return undefined;
  return budgetsOf(limits).find((budget) => budget.key === match[0]);
}
