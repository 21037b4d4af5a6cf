import Router from '@koa/router';
import type { Context } from '../../core/context.ts';
import { PAID_REFERENCE_PATH } from '../../core/services/agent/paid-reference-terms.ts';
import type { PresentedPayment } from '../../core/services/purchase/purchase.ts';
import { noStore } from '../http/no-store.ts';
import type { ProcedureRoutesOptions } from '../http/procedure-access.ts';
import { requestFacts } from '../http/request-facts.ts';
import type { HttpState, KoaCtx } from '../http/state.ts';
import { queryOnlyRules, refuseUnexpectedInput } from '../http/strict-input.ts';
import { writePaymentRequired } from './answers.ts';
import { paidAnswerBody } from './paid-answer-body.ts';
import { readPaymentSignature } from './payment-signature.ts';
import { readSignInHeader } from './sign-in-header.ts';

/** `?checkout_session=` (a UCP handoff), once, and no other query parameter (strict-input.ts). */
const QUERY_RULES = queryOnlyRules(['checkout_session']);

/** The PAYMENT-SIGNATURE header, checked on the wire; HEAD never pays (it answers what an unpaid GET would). */
function presentedPayment(ctx: KoaCtx): PresentedPayment {
  if (ctx.method === 'HEAD') return { kind: 'absent' };
  const signature = readPaymentSignature(ctx.req.headersDistinct['payment-signature']);
  if (signature.kind !== 'present') return signature;
  const { from, to, value, nonce } = signature.authorization;
  return {
    kind: 'present',
    header: signature.header,
    authorization: { from, to, value, nonce },
    identifier: signature.identifier,
  };
}

/** The budget's RateLimit headers, once the purchase counted the request (a presented payment), on its answer or its error. */
function copyRateLimitHeaders(ctx: KoaCtx, context: Context): void {
  for (const [name, value] of Object.entries(context.response.headers))
    if (name.startsWith('RateLimit')) ctx.set(name, value);
}

/**
 * GET {base_url}/v1/agent/paid-reference: the paid reference over HTTP 402 (x402 version 2, the
 * `exact` EVM scheme). The adapter reads the PAYMENT-SIGNATURE header and the handoff's
 * `?checkout_session=`, makes one call (protocols.x402.purchasePaidReference: the purchase, whole, in
 * core/services/purchase/ over the facilitator port) and writes what it answers: 402 with
 * PAYMENT-REQUIRED, or 200 {resource, content, protocol: "x402"} with PAYMENT-RESPONSE.
 */
export function paidReferenceRoutes(options: ProcedureRoutesOptions): Router<HttpState> {
  const { invoker, createContext } = options;
  const router = new Router<HttpState>();

  router.get(`${options.prefix}${PAID_REFERENCE_PATH}`, async (ctx) => {
    refuseUnexpectedInput(QUERY_RULES, ctx.querystring, undefined);
    noStore(ctx);
    // A paid answer is never a 304: the payer paid for the bytes.
    delete ctx.req.headers['if-none-match'];
    delete ctx.req.headers['if-modified-since'];
    const context = createContext(requestFacts(ctx));
    const input = {
      // The request's site URL (its loopback alias in development) with its path and query: what the payment is for.
      request: { url: `${ctx.state.urls.site}${ctx.originalUrl}`, path: ctx.path, userAgent: ctx.get('User-Agent') },
      checkout_session: ctx.query.checkout_session,
      payment: presentedPayment(ctx),
      sign_in: readSignInHeader(ctx.method, ctx.req.headersDistinct['sign-in-with-x']),
    };
    let answer;
    try {
      answer = await invoker.call('protocols.x402.purchasePaidReference', input, context);
    } finally {
      copyRateLimitHeaders(ctx, context);
    }
    if (answer.outcome === 'payment_required') {
      writePaymentRequired(ctx, answer);
      return;
    }
    ctx.status = 200;
    ctx.set(answer.headers);
    const body = paidAnswerBody(answer.resource, answer.content);
    ctx.body = body.json;
    ctx.type = 'application/json';
    ctx.response.etag = body.etag;
  });
  return router;
}
