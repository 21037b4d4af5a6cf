import { AppError } from '../../errors/index.ts';
import { updateCheckoutBuyer } from '../../services/ucp/checkout-sessions.query.ts';
import { negotiateCheckout } from '../../services/ucp/negotiation.ts';
import { findSession, throwUnlessChangeable } from '../../services/ucp/payability.ts';
import { sessionAnswer } from '../../services/ucp/session-answer.ts';
import { storedBuyer } from '../../services/ucp/stored-buyer.ts';
import { agentStoringProcedure } from '../../trpc.ts';
import { ZCheckoutSession } from './checkout-session.schema.ts';
import { negotiationErrorResponses, ucpAgentRequestHeaders } from './negotiation-errors.ts';
import { ZUpdateCheckoutInput } from './update-checkout.schema.ts';

const description =
  'UCP Update Checkout (a full replacement): `line_items` must still be the one line of `agent-reference`, ' +
  'quantity 1; `buyer` replaces the buyer kept with the session (absent: none). Answers the session. A session ' +
  'being paid (complete_in_progress) is left unchanged and answered with a recoverable error message ' +
  '`complete_in_progress`, as UCP requires. Needs a UCP-Agent header; takes an Idempotency-Key.';

/**
 * Updates a checkout session: only the buyer can change (one product, one line, one price). One
 * conditional UPDATE (updateCheckoutBuyer) decides against a payment's reservation or a cancel racing
 * it; when it changes nothing the session is read again to say why: 404, 409 completed or canceled,
 * 410 expired, or (UCP, Accepted completion) the unchanged session with a recoverable error message
 * while a payment holds it.
 */
export const updateCheckout = agentStoringProcedure
  .meta({
    openapi: {
      method: 'PUT',
      operationId: 'agent-ucpUpdateCheckout',
      path: '/v1/agent/ucp/checkout/{id}',
      tags: ['Agent'],
      summary: 'Update a UCP checkout session (its buyer)',
      description,
      successDescription: 'The session as updated.',
      requestHeaders: ucpAgentRequestHeaders,
      errorResponses: {
        ...negotiationErrorResponses,
        404: 'No session with this id (RESOURCE_NOT_FOUND).',
        409: 'The session is completed or canceled (CHECKOUT_SESSION_COMPLETED, CHECKOUT_SESSION_CANCELED), or the Idempotency-Key was used for another request.',
        410: 'The session expired unpaid (CHECKOUT_SESSION_EXPIRED).',
      },
    },
    rest: {
      idempotent: true,
      aliases: [
        {
          path: '/v1/agent/ucp/checkout-sessions/{id}',
          operationId: 'agent-ucpUpdateCheckoutSession',
          description: "UCP's REST binding path for PUT /v1/agent/ucp/checkout/{id}. " + description,
        },
      ],
    },
  })
  .input(ZUpdateCheckoutInput)
  .output(ZCheckoutSession)
  .mutation(async ({ ctx, input }) => {
    const negotiated = await negotiateCheckout(ctx);
    const now = ctx.clock.now();
    const existing = await findSession(ctx.sql, input.id);
    if (!existing) throw new AppError('RESOURCE_NOT_FOUND', `No checkout session "${input.id.slice(0, 100)}".`);
    const updated = await updateCheckoutBuyer(ctx.sql, { id: existing.id, buyer: storedBuyer(input.buyer), now });
    if (updated) return sessionAnswer(ctx, updated, negotiated);
    const current = (await findSession(ctx.sql, existing.id)) ?? existing;
    if (current.live_payment && current.live_payment !== 'settled' && current.status === 'ready_for_complete') {
      return sessionAnswer(ctx, current, negotiated, [
        {
          type: 'error',
          code: 'complete_in_progress',
          severity: 'recoverable',
          content:
            'A payment for this session is being settled, so the session was left unchanged; read it again for its outcome.',
        },
      ]);
    }
    throwUnlessChangeable(current, now);
    // Changeable on the second read: a payment released in between; the platform sends the update again.
    throw new AppError(
      'CHECKOUT_SESSION_PAYMENT_IN_PROGRESS',
      `Checkout session ${current.id} changed while it was updated; send the update again.`,
    );
  });
