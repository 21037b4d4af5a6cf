import { AppError } from '../../errors/index.ts';
import { negotiateCheckout } from '../../services/ucp/negotiation.ts';
import { findSession } from '../../services/ucp/payability.ts';
import { sessionAnswer } from '../../services/ucp/session-answer.ts';
import { paidAgentRequestProcedure } from '../../trpc.ts';
import { ZCheckoutSession } from './checkout-session.schema.ts';
import { ZGetCheckoutInput } from './get-checkout.schema.ts';
import { ucpAgentRequestHeaders } from './negotiation-errors.ts';

/** What the read answers, at both its paths (the alias's description starts with a sentence of its own). */
const description =
  'The checkout session with its current status: `ready_for_complete` (pay its handoff URL), ' +
  '`complete_in_progress` (a payment is being settled, or its outcome is not known yet: a message says ' +
  'which; do not pay again), `completed` (paid; ' +
  '`payment.receipt` and `order` say by which payment), `canceled` (expired unpaid, with a message ' +
  '`expired`), or `incomplete` (payments are not configured). The session id is the capability that reads ' +
  'it: no credential, and nobody else learns it. Sessions unpaid 7 days after they expired are deleted ' +
  '(404 then). Never cached. Needs a UCP-Agent header naming the platform profile, as every checkout operation does.';

/**
 * One checkout session with its current status. The id is a random uuid only its creator learnt,
 * which is what authorizes the read (the same rule as A2A tasks); an unknown id, or one that is not
 * a uuid, is 404. Never cached: the status changes when the session is paid or expires. The spec's path
 * is GET /v1/agent/ucp/checkout/{id} (4.5); UCP's REST binding path, `{endpoint}/checkout-sessions/{id}`,
 * is an alias route. The UCP-Agent header's profile is negotiated first (required: UCP makes it a MUST on every request);
 * a profile not in memory costs the client's agent request budget (the fetch is made for it), a read
 * otherwise costs nothing.
 */
export const getCheckout = paidAgentRequestProcedure
  .meta({
    openapi: {
      method: 'GET',
      operationId: 'agent-ucpGetCheckout',
      path: '/v1/agent/ucp/checkout/{id}',
      tags: ['Agent'],
      summary: 'Read a UCP checkout session',
      description,
      successDescription: 'The session.',
      requestHeaders: ucpAgentRequestHeaders,
      errorResponses: {
        404: 'No session with this id (RESOURCE_NOT_FOUND).',
        400: 'A missing UCP-Agent header, or one that is not an RFC 8941 dictionary with an https `profile` (UCP_PROFILE_URL_INVALID).',
        422: 'The platform profile is malformed or speaks another UCP version (UCP_PROFILE_MALFORMED, UCP_VERSION_UNSUPPORTED).',
        424: 'The platform profile could not be fetched (UCP_PROFILE_UNREACHABLE).',
      },
    },
    rest: {
      aliases: [
        {
          path: '/v1/agent/ucp/checkout-sessions/{id}',
          operationId: 'agent-ucpGetCheckoutSession',
          description: "UCP's REST binding path for GET /v1/agent/ucp/checkout/{id} (the same answer). " + description,
          errorResponses: {
            404: 'No session with this id (RESOURCE_NOT_FOUND); the sessions are those of /v1/agent/ucp/checkout/{id}.',
          },
        },
      ],
    },
  })
  .input(ZGetCheckoutInput)
  .output(ZCheckoutSession)
  .query(async ({ ctx, input }) => {
    const negotiated = await negotiateCheckout(ctx, { beforeFetch: ctx.admitAgentRequest });
    const row = await findSession(ctx.sql, input.id);
    if (!row) throw new AppError('RESOURCE_NOT_FOUND', `No checkout session "${input.id.slice(0, 100)}".`);
    return sessionAnswer(ctx, row, negotiated);
  });
