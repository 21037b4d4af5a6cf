import { randomUUID } from 'node:crypto';
import { CHECKOUT_CURRENCY } from '../../services/ucp/catalogue.ts';
import { checkoutSessionExpiry, referenceOrder } from '../../services/ucp/checkout-session.ts';
import { insertCheckoutSession } from '../../services/ucp/checkout-sessions.query.ts';
import { negotiateCheckout } from '../../services/ucp/negotiation.ts';
import { sessionAnswer } from '../../services/ucp/session-answer.ts';
import { storedBuyer } from '../../services/ucp/stored-buyer.ts';
import { ucpUrls } from '../../services/ucp/urls.ts';
import { agentStoringProcedure } from '../../trpc.ts';
import { ZCheckoutSession } from './checkout-session.schema.ts';
import { ZCreateCheckoutInput } from './create-checkout.schema.ts';
import { ucpAgentRequestHeaders } from './negotiation-errors.ts';

/** What the operation does, at both its paths (the alias's description starts with a sentence of its own). */
const description =
  'Creates a checkout session (UCP 2026-08-25 checkout) for the one item sold, `agent-reference` (the paid ' +
  'reference, 100 minor units of USD). The body is optional: `line_items` must be exactly ' +
  '`[{"item": {"id": "agent-reference"}, "quantity": 1}]` (one payment buys one reference; the default), ' +
  '`buyer` is kept with the session; other members are ignored. The session answers status ' +
  '`ready_for_complete` and a `payment.handoff`: GET {base_url}/v1/agent/paid-reference?checkout_session=<id> ' +
  'and pay its HTTP 402 (x402 v2); that payment completes the session. Sessions can be paid for 30 minutes. ' +
  'The session id is the only key to read it back (GET /v1/agent/ucp/checkout/{id}). Counted against the ' +
  "client's agent request budget (429 with Retry-After beyond it). Needs a UCP-Agent header naming the platform " +
  'profile, which is fetched, validated and negotiated (400 without it; 400, 422 or 424 when it cannot be; see the UCP guide).';

/**
 * Creates a UCP checkout session for the one item sold, the paid reference (1 USD), payable for 30
 * minutes through its handoff URL. Each creation stores a row, so it counts against the client's
 * agent request budget (A2A_RATE_LIMIT_PER_MINUTE, shared with the A2A endpoint) and the agent
 * storage bound (per client network and across the service). Idempotency-Key replays the caller's
 * own first answer (`rest.idempotent`: agentStoringProcedure's middleware, after the budgets), counted like a request. The `UCP-Agent` header's
 * platform profile is negotiated (services/ucp/negotiation.ts); UCP makes the header a MUST on every
 * request (checkout REST binding, Specific Header Requirements), so a request without it is 400 invalid_profile_url. The spec's path is POST
 * /v1/agent/ucp/checkout (4.5); UCP's REST binding path, `{endpoint}/checkout-sessions`, where UCP
 * clients that read the profile's `dev.ucp.shopping` endpoint create sessions, is an alias route
 * (its own Idempotency-Key space).
 */
export const createCheckout = agentStoringProcedure
  .meta({
    openapi: {
      method: 'POST',
      operationId: 'agent-ucpCreateCheckout',
      path: '/v1/agent/ucp/checkout',
      tags: ['Agent'],
      summary: 'Create a UCP checkout session for the paid reference',
      description,
      successDescription: 'The session created (201), or on an Idempotency-Key replay the first answer (200).',
      requestHeaders: ucpAgentRequestHeaders,
      errorResponses: {
        400: 'A missing UCP-Agent header, or one that is not an RFC 8941 dictionary with an https `profile` (UCP_PROFILE_URL_INVALID); an unknown item, a quantity other than 1, more than one line, or a malformed buyer (VALIDATION_FAILED, naming the field); or an invalid Idempotency-Key.',
        422: 'The UCP-Agent platform profile is malformed or speaks another UCP version (UCP_PROFILE_MALFORMED, UCP_VERSION_UNSUPPORTED).',
        424: 'The UCP-Agent platform profile could not be fetched (UCP_PROFILE_UNREACHABLE).',
        429: 'Too many requests from this client, or too many stored sessions and answers from its network (RATE_LIMITED, with Retry-After).',
        503: 'The service stores no more new sessions and answers this hour across all clients (STORAGE_LIMIT_REACHED, with Retry-After).',
      },
    },
    rest: {
      successStatus: 201,
      idempotent: true,
      aliases: [
        {
          path: '/v1/agent/ucp/checkout-sessions',
          operationId: 'agent-ucpCreateCheckoutSession',
          description:
            "UCP's REST binding path for POST /v1/agent/ucp/checkout (the same request, answer and rules). " +
            description,
        },
      ],
    },
  })
  .input(ZCreateCheckoutInput)
  .output(ZCheckoutSession)
  .mutation(async ({ ctx, input }) => {
    const negotiated = await negotiateCheckout(ctx);
    const now = ctx.clock.now();
    const order = referenceOrder();
    const row = await insertCheckoutSession(ctx.sql, {
      id: randomUUID(),
      lineItems: order.lineItems,
      currency: CHECKOUT_CURRENCY,
      totals: order.totals,
      buyer: storedBuyer(input.buyer),
      now,
      expiresAt: checkoutSessionExpiry(now),
    });
    ctx.response.headers.Location = ucpUrls(ctx.urls).session(row.id);
    return sessionAnswer(ctx, row, negotiated);
  });
