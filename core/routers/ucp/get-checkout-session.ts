import { checkoutReading } from './get-checkout.ts';

/** The same read at UCP's REST binding path, `{endpoint}/checkout-sessions/{id}`. */
export const getCheckoutSession = checkoutReading(
  '/v1/agent/ucp/checkout-sessions/{id}',
  'agent-ucpGetCheckoutSession',
  "UCP's REST binding path for GET /v1/agent/ucp/checkout/{id} (the same answer).",
);
