import type { ProcedureEntry } from '../procedure-entry.ts';
import type { ReferenceLimits } from './types.ts';

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
  webhookSendNow:
    'webhook test, retry, recover and resend requests together, per business (and a few tests and retries in flight at once)',
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
  // Set by the base procedure that counts it (core/trpc.ts), keyed as CoreServices.rateLimiters.
  const key = procedure.meta?.base?.budget;
  if (key === undefined) return undefined;
  return budgetsOf(limits).find((budget) => budget.key === key);
}
