import { AppError } from '../../errors/index.ts';
import { negotiateCheckout } from '../../services/ucp/negotiation.ts';
import { canceledSession, findSession, throwUnlessChangeable } from '../../services/ucp/payability.ts';
import { ucpPaymentConfig } from '../../services/ucp/payment-config.ts';
import { sessionAnswer } from '../../services/ucp/session-answer.ts';
import { ucpUrls } from '../../services/ucp/urls.ts';
import { agentStoringProcedure } from '../../trpc.ts';
import { ZCheckoutSession } from './checkout-session.schema.ts';
import { ZCompleteCheckoutInput } from './complete-checkout.schema.ts';
import { negotiationErrorResponses, ucpAgentRequestHeaders } from './negotiation-errors.ts';

const description =
  'UCP Complete Checkout. Payment is delegated to the x402 handler: the order is placed by paying the ' +
  "session's handoff URL ({base_url}/v1/agent/paid-reference?checkout_session=<id>, HTTP 402, x402 v2), not by " +
  'this call. So it answers the session as it stands: `completed` with `order` once the handoff was paid ' +
  '(idempotently, as often as asked); `complete_in_progress` while a payment is being settled; before any ' +
  'payment, `ready_for_complete` with a recoverable error message `payment_required` whose `path` is ' +
  '`$.payment.handoff` (pay it, then read or complete again). 409 when canceled, 410 when expired. Needs a ' +
  'UCP-Agent header; takes an Idempotency-Key.';

/**
 * Completes a checkout session as far as a call can: this merchant's only payment instrument is an
 * x402 payment at the handoff URL (the payment handler's `config`), which no request member can carry,
 * so the session is completed by that payment (core/services/purchase/) and this answers its state.
 * UCP (checkout, Actions): "If an Action prevents Complete Checkout from being accepted, the Business
 * MUST return the current Checkout ... and an error Message with severity recoverable whose path
 * selects" it: the unpaid handoff is that, at `$.payment.handoff`. Nothing is written.
 */
export const completeCheckout = agentStoringProcedure
  .meta({
    openapi: {
      method: 'POST',
      operationId: 'agent-ucpCompleteCheckout',
      path: '/v1/agent/ucp/checkout/{id}/complete',
      tags: ['Agent'],
      summary: 'Complete a UCP checkout session (answers it once its x402 handoff is paid)',
      description,
      successDescription: 'The session: completed with its order once paid, else what it still needs.',
      requestHeaders: ucpAgentRequestHeaders,
      errorResponses: {
        ...negotiationErrorResponses,
        404: 'No session with this id (RESOURCE_NOT_FOUND).',
        409: 'The session was canceled (CHECKOUT_SESSION_CANCELED), or the Idempotency-Key was used for another request.',
        410: 'The session expired unpaid (CHECKOUT_SESSION_EXPIRED).',
      },
    },
    rest: {
      idempotent: true,
      aliases: [
        {
          path: '/v1/agent/ucp/checkout-sessions/{id}/complete',
          operationId: 'agent-ucpCompleteCheckoutSession',
          description: "UCP's REST binding path for POST /v1/agent/ucp/checkout/{id}/complete. " + description,
        },
      ],
    },
  })
  .input(ZCompleteCheckoutInput)
  .output(ZCheckoutSession)
  .mutation(async ({ ctx, input }) => {
    const negotiated = await negotiateCheckout(ctx);
    const row = await findSession(ctx.sql, input.id);
    if (!row) throw new AppError('RESOURCE_NOT_FOUND', `No checkout session "${input.id.slice(0, 100)}".`);
    if (row.status === 'completed' || row.live_payment) return sessionAnswer(ctx, row, negotiated);
    if (row.status === 'canceled') throw canceledSession(row.id);
    throwUnlessChangeable(row, ctx.clock.now());
    if (!ucpPaymentConfig(ctx)) return sessionAnswer(ctx, row, negotiated);
    return sessionAnswer(ctx, row, negotiated, [
      {
        type: 'error',
        code: 'payment_required',
        severity: 'recoverable',
        path: '$.payment.handoff',
        content:
          `Pay this session's handoff URL (${ucpUrls(ctx.urls).handoff(row.id)}) with x402: it answers HTTP 402 with ` +
          'the terms; the paid answer completes the session. Then read or complete it again.',
      },
    ]);
  });
