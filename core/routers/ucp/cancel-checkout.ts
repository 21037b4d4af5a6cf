import { AppError } from '../../errors/index.ts';
import { cancelCheckoutSession } from '../../services/ucp/checkout-sessions.query.ts';
import { negotiateCheckout } from '../../services/ucp/negotiation.ts';
import { findSession, throwUnlessChangeable } from '../../services/ucp/payability.ts';
import { sessionAnswer } from '../../services/ucp/session-answer.ts';
import { agentStoringProcedure } from '../../trpc.ts';
import { ZCancelCheckoutInput } from './cancel-checkout.schema.ts';
import { ZCheckoutSession } from './checkout-session.schema.ts';
import { negotiationErrorResponses, ucpAgentRequestHeaders } from './negotiation-errors.ts';

const description =
  'UCP Cancel Checkout: an unpaid session becomes `canceled` (message `canceled`) and its handoff refuses ' +
  'payment before any is asked (409 CHECKOUT_SESSION_CANCELED). A session being paid or paid cannot be ' +
  'canceled (409), nor one already canceled (409) or expired (410). Needs a UCP-Agent header; takes an Idempotency-Key.';

/**
 * Cancels an unpaid checkout session. The cancel and a payment's reservation are decided by locks
 * (cancelCheckoutSession, then core/services/purchase/checkout-hold.ts), so of a cancel and a payment
 * racing exactly one wins and a canceled session is never charged. When nothing was canceled the
 * session is read again to say why (404, 409, 410).
 */
export const cancelCheckout = agentStoringProcedure
  .meta({
    openapi: {
      method: 'POST',
      operationId: 'agent-ucpCancelCheckout',
      path: '/v1/agent/ucp/checkout/{id}/cancel',
      tags: ['Agent'],
      summary: 'Cancel an unpaid UCP checkout session',
      description,
      successDescription: 'The session, canceled.',
      requestHeaders: ucpAgentRequestHeaders,
      errorResponses: {
        ...negotiationErrorResponses,
        404: 'No session with this id (RESOURCE_NOT_FOUND).',
        409: 'The session is being paid, paid or canceled already (CHECKOUT_SESSION_PAYMENT_IN_PROGRESS, CHECKOUT_SESSION_COMPLETED, CHECKOUT_SESSION_CANCELED), or the Idempotency-Key was used for another request.',
        410: 'The session expired unpaid (CHECKOUT_SESSION_EXPIRED).',
      },
    },
    rest: {
      idempotent: true,
      aliases: [
        {
          path: '/v1/agent/ucp/checkout-sessions/{id}/cancel',
          operationId: 'agent-ucpCancelCheckoutSession',
          description: "UCP's REST binding path for POST /v1/agent/ucp/checkout/{id}/cancel. " + description,
        },
      ],
    },
  })
  .input(ZCancelCheckoutInput)
  .output(ZCheckoutSession)
  .mutation(async ({ ctx, input }) => {
    const negotiated = await negotiateCheckout(ctx);
    const existing = await findSession(ctx.sql, input.id);
    if (!existing) throw new AppError('RESOURCE_NOT_FOUND', `No checkout session "${input.id.slice(0, 100)}".`);
    const now = ctx.clock.now();
    const canceled = await cancelCheckoutSession(ctx.em, { id: existing.id, now });
    if (canceled) return sessionAnswer(ctx, canceled, negotiated);
    const current = await findSession(ctx.sql, existing.id);
    if (!current) throw new AppError('RESOURCE_NOT_FOUND', `No checkout session "${input.id.slice(0, 100)}".`);
    throwUnlessChangeable(current, now);
    throw new AppError(
      'CHECKOUT_SESSION_PAYMENT_IN_PROGRESS',
      `Checkout session ${current.id} is held by a payment; it cannot be canceled.`,
    );
  });
