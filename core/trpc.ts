import { initTRPC, type AnyProcedure } from '@trpc/server';
import { z } from 'zod';
import { resolvePrincipal } from './auth/authenticate.ts';
import { mcpScopeFor, principalAllows, scopesGranting } from './auth/scopes.ts';
import { workspaceScopeRefusal } from './auth/workspace-scope-refusal.ts';
import type { Context } from './context.ts';
import { AppError, classifyError, type ErrorMessage } from './errors/index.ts';
import { houseStyleMessage } from './errors/validation-messages.ts';
import { answeredWithoutRunning, removeOutputValidator } from './procedures/introspection.ts';
import type { Meta } from './procedures/meta.ts';
import { runIdempotentProcedure } from './services/idempotency/idempotent-procedure.ts';
import { clientAddressKey, clientNetworkKey } from './services/rate-limit/client-address-key.ts';
import { rateLimitHeaders } from './services/rate-limit/headers.ts';

interface ErrorShapeData {
  /** The ErrorMessage, for clients of tRPC's own endpoint (`error.data.errorMessage`). */
  errorMessage: ErrorMessage;
}

// Every schema's issue, on every transport, in the house style (what was expected, what was received,
// the bounds) unless the schema words it itself: set here, beside the one initTRPC, because every
// procedure's input is parsed through this module's procedures.
z.config({ customError: houseStyleMessage });

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // tRPC's own endpoint keeps tRPC's error shape (its clients need it) with our ErrorMessage inside;
    // the REST adapter answers errors itself and never sees this shape.
    errorFormatter({ shape, error, ctx }) {
      const classified = classifyError(error, ctx?.requestId);
      const data: ErrorShapeData & typeof shape.data = {
        ...shape.data,
        // The ErrorMessage's status wins where the tRPC code does not say it (a database outage
        // escaping a procedure is a 503, not tRPC's 500).
        httpStatus: classified.body.code === 'DATABASE_UNAVAILABLE' ? classified.body.status : shape.data.httpStatus,
        stack: undefined,
        errorMessage: classified.body,
      };
      return { ...shape, message: classified.body.message, data };
    },
  });

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

/** Anyone may call it: the public REST surface. */
export const publicProcedure = t.procedure;

type RateLimiterName = keyof Context['services']['rateLimiters'];

/** Whose budget a call is counted against: the limiter's key, and the words of the refusal. */
interface BudgetOwner {
  key: string;
  /** What is counted, in the refusal: "requests", "tool calls". */
  counted: string;
  /** Whom the limit is per, in the refusal: "client", "authorization (OAuth grant)". */
  per: string;
}

/**
 * The client's address (IPv6 per /64, IPv4-mapped as IPv4: clientAddressKey). In-process callers
 * (scripts, tests through the caller) have no address and no budget.
 */
const perClient = async (ctx: Context): Promise<BudgetOwner | undefined> =>
  ctx.clientAddress === undefined
    ? undefined
    : { key: clientAddressKey(ctx.clientAddress), counted: 'requests', per: 'client' };

/**
 * The OAuth grant of the caller's access token: one user's consent to one client for one business,
 * kept across refreshes, so one agent connection. Not the token (a refresh would reset it), not the
 * client address (an agent product calls from a few shared addresses for all its users), not client
 * plus business (two users of one business connecting the same product would share one budget, and
 * one runaway connection would starve the other). The MCP adapter builds the context with the
 * principal its access token verified to; a caller without a grant has no such budget.
 */
const perGrant = async ({ principal }: Context): Promise<BudgetOwner | undefined> =>
  principal.kind === 'oauth'
    ? { key: `grant:${principal.grantId}`, counted: 'tool calls', per: 'authorization (OAuth grant)' }
    : undefined;

/**
 * The business a workspace API token (or a system caller acting for a business) is bound to: webhook
 * test and retry are fair per tenant, whichever token or endpoint of the business sends them. Only
 * after the principal is resolved (chained after webhookManagementProcedure's check).
 */
const perBusiness = async ({ principal }: Context): Promise<BudgetOwner | undefined> =>
  (principal.kind === 'api_token' || principal.kind === 'system') && principal.businessId !== undefined
    ? { key: `business:${principal.businessId}`, counted: 'webhook test and retry requests', per: 'business' }
    : undefined;

/**
 * Counts each call against one of the budgets; beyond it, 429 RATE_LIMITED with Retry-After and
 * RateLimit headers. A request already counted against it on the same context (a procedure a port
 * runs inside another: Context.admitted) passes without a second count; one counted is added there.
 */
function rateLimitedBy(
  limiter: RateLimiterName,
  ownerOf: (ctx: Context) => Promise<BudgetOwner | undefined> = perClient,
) {
  return t.middleware(async ({ ctx, next }) => {
    await spendBudget(ctx, limiter, ownerOf);
    return next();
  });
}

/** One count against a budget, the refusal beyond it; what both the middleware and a deferred admission run. */
async function spendBudget(
  ctx: Context,
  limiter: RateLimiterName,
  ownerOf: (ctx: Context) => Promise<BudgetOwner | undefined>,
): Promise<void> {
  const owner = await ownerOf(ctx);
  if (owner === undefined || ctx.admitted.has(limiter)) return;
  const decision = await ctx.services.rateLimiters[limiter].consume(owner.key);
  const headers = rateLimitHeaders(decision);
  if (!decision.allowed) {
    throw new AppError(
      'RATE_LIMITED',
      `Too many ${owner.counted}: the limit is ${decision.policy.points} per ${decision.policy.windowSeconds} seconds per ${owner.per}.`,
      { headers },
    );
  }
  Object.assign(ctx.response.headers, headers);
  ctx.admitted.add(limiter);
}

/**
 * The bound on what the agent endpoints make the database keep (A2A tasks, Idempotency-Key
 * answers, UCP checkout sessions), across clients: per client network (IPv6 /48, IPv4 /24:
 * clientNetworkKey) and across the whole service, per hour (AGENT_STORAGE_PER_NETWORK_PER_HOUR,
 * AGENT_STORAGE_PER_HOUR). The per-client budget bounds one address; these bound a client holding
 * many addresses (a /48 has 65,536 /64s) and everyone together. Beyond the network's share: 429
 * RATE_LIMITED; beyond the service's: 503 STORAGE_LIMIT_REACHED (a capacity condition of the
 * server, not the client's fault), both with Retry-After. A refused network spends nothing of the
 * service's bound. No RateLimit headers: the service's remaining capacity is not the client's to read.
 *
 * Does NOT cover: bytes (a request is counted once whatever it stores: the body limits bound each
 * row); in-process callers (no address); an attacker spread over many /48s and /24s shares the
 * service-wide bound with everyone, which is what keeps the database's growth bounded.
 */
async function admitStorage(ctx: Context): Promise<void> {
  if (ctx.clientAddress === undefined || ctx.admitted.has('agentStorage')) return;
  const { agentStoragePerNetwork, agentStorage } = ctx.services.rateLimiters;
  const network = clientNetworkKey(ctx.clientAddress);
  const share = await agentStoragePerNetwork.consume(network);
  if (!share.allowed) {
    throw new AppError(
      'RATE_LIMITED',
      `Too many stored tasks and answers from your network (${network}): the limit is ${share.policy.points} per ` +
        `${share.policy.windowSeconds} seconds per network (IPv6 /48, IPv4 /24).`,
      { headers: { 'Retry-After': String(share.resetSeconds) } },
    );
  }
  const service = await agentStorage.consume('service');
  if (!service.allowed) {
    throw new AppError(
      'STORAGE_LIMIT_REACHED',
      `This service keeps at most ${service.policy.points} new tasks and answers per ${service.policy.windowSeconds} ` +
        'seconds across all clients, and has reached it.',
      { headers: { 'Retry-After': String(service.resetSeconds) } },
    );
  }
  ctx.admitted.add('agentStorage');
}

const storageBudget = t.middleware(async ({ ctx, next }) => {
  await admitStorage(ctx);
  return next();
});

/**
 * Idempotency-Key for the procedures whose meta opts in (`rest.idempotent`) when the transport
 * passed the request's key (Context.idempotency): the key's lifecycle (claim, replay, keep or free
 * the answer) is core/services/idempotency/run-idempotently.ts. It comes after the budgets, so a
 * replay is counted like any request and carries the current caller's RateLimit headers, and before
 * the input is parsed, so a refused body is kept and replayed like any answer.
 */
const idempotencyKey = t.middleware(({ ctx, meta, next }) => {
  const call = ctx.idempotency;
  if (call === undefined || !meta?.rest?.idempotent) return next();
  return runIdempotentProcedure(ctx, call, () => next(), answeredWithoutRunning);
});

/** A budget the reference can name (core/procedures/meta.ts BaseMeta): one of CoreServices.rateLimiters. */
type NamedBudget = NonNullable<NonNullable<Meta['base']>['budget']>;

/**
 * Public, and counted per client against `budget`; its meta names the budget, so the reference reads
 * it from the procedure instead of comparing middleware.
 */
function publicCountedBy(budget: NamedBudget & RateLimiterName) {
  return publicProcedure.use(rateLimitedBy(budget)).meta({ base: { budget } });
}

/** Public, and counted against the government group's per-client budget. */
export const governmentProcedure = publicCountedBy('government');

/**
 * Public lists of the directory and the blog, counted against one per-client budget: a search
 * there costs up to a few hundred milliseconds of the database however small the page (it ranks
 * every match), and on the embedded database one client must not hold its single connection.
 */
export const publicListProcedure = publicCountedBy('publicLists');

/** Public, and counted against the per-client budget of A2A requests. */
const agentRequestProcedure = publicCountedBy('agentRequests');

/**
 * An agent request whose per-client budget is spent when the procedure says so
 * (`ctx.admitAgentRequest()`), not on entry: the paid reference answers an unpaid or malformed
 * request without counting it, and counts a presented payment before its first write (429
 * RATE_LIMITED beyond the budget; the RateLimit headers go on the context's response either way).
 */
export const paidAgentRequestProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { admitAgentRequest: () => spendBudget(ctx, 'agentRequests', perClient) } }),
);

/**
 * An agent request that makes the database keep a row (an A2A task, an Idempotency-Key answer, a
 * checkout session): the per-client budget, then the per-network and service-wide storage bound,
 * then its Idempotency-Key when its meta says `rest.idempotent`.
 */
export const agentStoringProcedure = agentRequestProcedure.use(storageBudget).use(idempotencyKey);

/**
 * An agent request whose answer is kept only when it carries an Idempotency-Key (input
 * `idempotency`: an A2A tasks/get, or a request for a method the agent lacks): the per-client
 * budget, and the storage bound only for a request with a key.
 */
export const agentKeyedStoringProcedure = agentRequestProcedure.use(async ({ ctx, getRawInput, next }) => {
  const input = await getRawInput();
  if (typeof input === 'object' && input !== null && 'idempotency' in input && input.idempotency !== undefined)
    await admitStorage(ctx);
  return next();
});

/** Public OAuth dynamic client registration, counted against its own per-client budget. */
export const clientRegistrationProcedure = publicCountedBy('oauthRegistration');

/** Public OAuth token and revocation requests, counted against their own per-client budget. */
export const oauthTokenProcedure = publicCountedBy('oauthToken');

/** Only the in-process caller of scripts: seeding and administration. No transport reaches it. */
export const systemProcedure = t.procedure
  .use(({ ctx, path, next }) => {
    // Answered word for word like an unknown procedure (tRPC's own message), so the public cannot discover administrative ones.
    if (ctx.principal.kind !== 'system') throw new AppError('ROUTE_NOT_FOUND', `No procedure found on path "${path}"`);
    return next();
  })
  .meta({ base: { systemOnly: true } });

/**
 * Acts inside one business: the caller's principal (resolved from its bearer credentials when the
 * transport gave any) must be bound to a business and hold a scope granting the procedure's
 * `tool.access`. Handlers read the tenant from `ctx.businessId` and put it in every where clause.
 * Procedures without tool meta are refused to everyone but a system caller acting for a business.
 */
const tenantScope = t.procedure.use(async ({ ctx, meta, next }) => {
  const principal = await resolvePrincipal(ctx);
  if (principal.kind === 'anonymous' || (principal.kind === 'system' && principal.businessId === undefined)) {
    throw new AppError(
      'UNAUTHORIZED',
      'This procedure acts inside a business: authenticate with a token bound to one.',
    );
  }
  const businessId = principal.businessId!;
  const access = meta?.tool?.access;
  const allowed = access ? principalAllows(principal, access) : principal.kind === 'system';
  if (!allowed && access && principal.kind === 'api_token')
    throw workspaceScopeRefusal('This operation', scopesGranting(access), principal.scopes);
  if (!allowed) {
    const required = access ? [...scopesGranting(access)] : [];
    throw new AppError(
      'INSUFFICIENT_SCOPE',
      access
        ? `This operation needs the scope ${mcpScopeFor(access)} (or one of ${required.join(', ')}).`
        : 'This operation is not available to tokens.',
      { details: [{ required_scopes: access ? [mcpScopeFor(access)] : [], accepted_scopes: required }] },
    );
  }
  return next({ ctx: { principal, businessId } });
});

/** The budget an agent's tool call is counted against, as Context.admitted names it once counted. */
export const TOOL_CALL_BUDGET = 'mcpToolCalls' satisfies RateLimiterName;

/**
 * Acts inside one business (tenantScope), and counts an agent's tool call against its OAuth grant's
 * budget (MCP_TOOL_RATE_LIMIT_PER_MINUTE: the MCP specification's "Servers MUST rate limit tool
 * invocations"). Only OAuth principals are counted, and they reach a procedure only as an MCP tool
 * (an access token is a principal nowhere else); workspace API tokens and the system caller are not.
 * After the scope check, so a call refused for its scope spends nothing; the MCP adapter validates
 * a tool's arguments before it calls, so an invalid call spends nothing either. A refusal has run nothing.
 */
export const tenantProcedure = tenantScope.use(rateLimitedBy(TOOL_CALL_BUDGET, perGrant));

/** The scope of workspace API tokens that changes the business's records. */
const WORKSPACE_WRITE_SCOPE = 'workspace:write';

/**
 * The workspace writes of typed clients (/api/trpc) that are no agent tool (the MCP catalogue is
 * fixed at its two write tools: customer, job and visit changes, estimate, invoice and payment status
 * changes): a workspace API token bound to a business holding `workspace:write`, or
 * a system caller acting for a business. They carry no `tool` meta, so the MCP catalogue never
 * lists them; OAuth access tokens are refused like unknown tokens (their one audience is the MCP
 * resource), no token is 401 UNAUTHORIZED with its challenge, a token without the scope 403.
 */
export const workspaceWriteProcedure = t.procedure.use(async ({ ctx, next }) => {
  const principal = await resolvePrincipal(ctx);
  if (principal.kind === 'system' && principal.businessId !== undefined)
    return next({ ctx: { principal, businessId: principal.businessId } });
  if (principal.kind !== 'api_token') {
    throw new AppError('UNAUTHORIZED', 'This operation needs a workspace API token bound to a business.', {
      headers: { 'WWW-Authenticate': 'Bearer realm="field-service-api", error="invalid_token"' },
    });
  }
  if (!principal.scopes.includes(WORKSPACE_WRITE_SCOPE))
    throw workspaceScopeRefusal('This operation', [WORKSPACE_WRITE_SCOPE], principal.scopes);
  return next({ ctx: { principal, businessId: principal.businessId } });
});

/** The scope of workspace API tokens that manages the business's webhook endpoints. */
const WEBHOOKS_MANAGE_SCOPE = 'webhooks:manage';

/**
 * Webhook endpoint management (REST under /v1/webhook-endpoints and /api/trpc): the principal must be
 * a workspace API token bound to a business and holding `webhooks:manage` (or a system caller acting
 * for a business). No or an invalid token is 401 UNAUTHORIZED with its challenge; a token without the
 * scope 403 INSUFFICIENT_SCOPE. OAuth access tokens are refused like unknown tokens: their one
 * audience is the MCP resource. Answers are never cached (they may carry a secret shown once).
 */
export const webhookManagementProcedure = t.procedure.use(async ({ ctx, next }) => {
  ctx.response.headers['Cache-Control'] = 'no-store';
  const principal = await resolvePrincipal(ctx);
  if (principal.kind === 'system' && principal.businessId !== undefined)
    return next({ ctx: { principal, businessId: principal.businessId } });
  if (principal.kind !== 'api_token') {
    throw new AppError('UNAUTHORIZED', 'Webhook management needs a workspace API token bound to a business.', {
      headers: { 'WWW-Authenticate': 'Bearer realm="field-service-api", error="invalid_token"' },
    });
  }
  if (!principal.scopes.includes(WEBHOOKS_MANAGE_SCOPE)) {
    throw workspaceScopeRefusal('Webhook management', [WEBHOOKS_MANAGE_SCOPE], principal.scopes);
  }
  return next({ ctx: { principal, businessId: principal.businessId } });
});

/** The scope of workspace API tokens that reads the business's event feed (GET /v1/events). */
const EVENTS_READ_SCOPE = 'events:read';

/** The OAuth scopes with which an agent reads the feed: an MCP connection's reads, or an A2A grant. */
const AGENT_EVENT_SCOPES: readonly string[] = ['mcp:read', 'mcp:use', 'a2a:tasks'];

/**
 * The event feed (REST GET /v1/events, /api/trpc, and the A2A skill list-events): a workspace API
 * token bound to a business and holding `events:read`, an OAuth principal of an agent (an A2A grant
 * with `a2a:tasks`, whose adapter made it the context's principal), or a system caller acting for a
 * business. No or an invalid token is 401 UNAUTHORIZED with its challenge; a workspace token without
 * the scope 403 INSUFFICIENT_SCOPE naming `events:read`. Answers are never cached (a long poll's
 * empty page says nothing about the next second).
 */
export const eventFeedProcedure = t.procedure.use(async ({ ctx, next }) => {
  ctx.response.headers['Cache-Control'] = 'no-store';
  const principal = await resolvePrincipal(ctx);
  if (principal.kind === 'system' && principal.businessId !== undefined)
    return next({ ctx: { principal, businessId: principal.businessId } });
  if (principal.kind === 'oauth') {
    if (!principal.scopes.some((scope) => AGENT_EVENT_SCOPES.includes(scope))) {
      throw new AppError(
        'INSUFFICIENT_SCOPE',
        'Reading the event feed needs the scope mcp:read (MCP) or a2a:tasks (A2A).',
        {
          details: [{ required_scopes: ['mcp:read'], accepted_scopes: [...AGENT_EVENT_SCOPES] }],
        },
      );
    }
    return next({ ctx: { principal, businessId: principal.businessId } });
  }
  if (principal.kind !== 'api_token') {
    throw new AppError('UNAUTHORIZED', 'The event feed needs a workspace API token bound to a business.', {
      headers: { 'WWW-Authenticate': 'Bearer realm="field-service-api", error="invalid_token"' },
    });
  }
  if (!principal.scopes.includes(EVENTS_READ_SCOPE))
    throw workspaceScopeRefusal('Reading the event feed', [EVENTS_READ_SCOPE], principal.scopes);
  return next({ ctx: { principal, businessId: principal.businessId } });
});

/**
 * A workspace operation of typed clients and REST that is no agent tool (directory claims and
 * claimed listings): a workspace API token bound to a business holding one of `scopes`, or a system
 * caller acting for a business. No or an invalid token (an OAuth access token included: its one
 * audience is the MCP resource) is 401 UNAUTHORIZED with its challenge; a token without the scope
 * 403 INSUFFICIENT_SCOPE. Answers are never cached (they are one business's).
 */
function workspaceTokenProcedure(operation: string, scopes: readonly string[]) {
  return t.procedure.use(async ({ ctx, next }) => {
    ctx.response.headers['Cache-Control'] = 'no-store';
    const principal = await resolvePrincipal(ctx);
    if (principal.kind === 'system' && principal.businessId !== undefined)
      return next({ ctx: { principal, businessId: principal.businessId } });
    if (principal.kind !== 'api_token') {
      throw new AppError('UNAUTHORIZED', `${operation} needs a workspace API token bound to a business.`, {
        headers: { 'WWW-Authenticate': 'Bearer realm="field-service-api", error="invalid_token"' },
      });
    }
    if (!scopes.some((scope) => principal.scopes.includes(scope)))
      throw workspaceScopeRefusal(operation, scopes, principal.scopes);
    return next({ ctx: { principal, businessId: principal.businessId } });
  });
}

/** Reads of the business's directory claims and claimed listings: workspace:read (or workspace:write). */
export const directoryClaimsReadProcedure = workspaceTokenProcedure('Reading directory claims', [
  'workspace:read',
  WORKSPACE_WRITE_SCOPE,
]);

/** Claiming a listing, withdrawing a claim, editing a claimed listing: workspace:write. */
export const directoryClaimsWriteProcedure = workspaceTokenProcedure('Claiming and editing directory listings', [
  WORKSPACE_WRITE_SCOPE,
]);

/**
 * Webhook test and retry (they send now, holding the request open for up to the attempt's 15 s
 * deadline): counted against the business's budget (WEBHOOK_SEND_NOW_PER_MINUTE), and at most
 * WEBHOOK_SEND_NOW_CONCURRENCY of one business in flight at once in this process; beyond either,
 * 429 RATE_LIMITED with Retry-After. The turn is taken before any work and given back when the
 * procedure ends, however it ends.
 */
export const webhookSendNowProcedure = webhookManagementProcedure
  .meta({ base: { budget: 'webhookSendNow' } })
  .use(rateLimitedBy('webhookSendNow', perBusiness))
  .use(async ({ ctx, next }) => {
    const owner = await perBusiness(ctx);
    if (owner === undefined) return next();
    const limit = ctx.services.webhooks.sendNowInFlight;
    const leave = limit.enter(owner.key);
    if (leave === undefined) {
      throw new AppError(
        'RATE_LIMITED',
        `Too many webhook test and retry requests in flight: at most ${limit.max} at once per business.`,
        { headers: { 'Retry-After': '1' } },
      );
    }
    try {
      return await next();
    } finally {
      leave();
    }
  });

/**
 * Webhook recover and resend: they queue deliveries for the workers (nothing is sent in the request),
 * so they hold no request open and take no in-flight turn, but each may queue up to thousands of
 * attempts to the business's own receivers: counted against the same per-business budget as test and
 * retry (WEBHOOK_SEND_NOW_PER_MINUTE), 429 RATE_LIMITED beyond it.
 */
export const webhookRequeueProcedure = webhookManagementProcedure
  .meta({ base: { budget: 'webhookSendNow' } })
  .use(rateLimitedBy('webhookSendNow', perBusiness));

/**
 * For the hot public reads: keeps the procedure's `.output(schema)` (its type, the OpenAPI response
 * schema, the compile-time check of the handler's answer) but drops tRPC's per-request re-parse of
 * that answer. The re-parse deep-copies every item of a page and ran every string check again: on
 * the directory list at 100,000 rows it was a third of the request's CPU (bench/public-api). These
 * handlers build each field explicitly from typed SQL rows, and the test suite parses every answer
 * they give against the schema (test/helpers/output-check.ts), so the guarantee moves to the tests.
 * The removal itself reads tRPC's internals, so it lives in core/procedures/introspection.ts.
 */
export function skipOutputReparse<P extends AnyProcedure>(procedure: P): P {
  return removeOutputValidator(procedure);
}
