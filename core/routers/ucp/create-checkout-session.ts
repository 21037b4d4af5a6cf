import { checkoutCreation } from './create-checkout.ts';

/**
 * The same creation at UCP's REST binding path, `{endpoint}/checkout-sessions`, where UCP clients
 * that read the profile's `dev.ucp.shopping` endpoint create sessions; the spec's own path stays
 * POST /v1/agent/ucp/checkout. Idempotency-Key keys are scoped per path.
 */
export const createCheckoutSession = checkoutCreation(
  '/v1/agent/ucp/checkout-sessions',
  'agent-ucpCreateCheckoutSession',
  "UCP's REST binding path for POST /v1/agent/ucp/checkout (the same request, answer and rules).",
);
