import Router from '@koa/router';
import { RouteConfigurationError, type x402HTTPResourceServer } from '@x402/core/server';
import type { Context } from '../../core/context.ts';
import { AppError, isAppError } from '../../core/errors/index.ts';
import { storableText } from '../../core/services/sql/storable-text.ts';
import type { PaymentConfig } from '../../core/payment-config.ts';
import type { PaymentTermsAnswer } from '../../core/routers/payments/get-payment-terms.schema.ts';
import { PAID_REFERENCE_PATH } from '../../core/services/agent/paid-reference-terms.ts';
import { noStore } from '../http/no-store.ts';
import type { ProcedureRoutesOptions } from '../http/procedure-access.ts';
import { requestFacts } from '../http/request-facts.ts';
import type { HttpState, KoaCtx } from '../http/state.ts';
import { queryOnlyRules, refuseUnexpectedInput } from '../http/strict-input.ts';
import { facilitatorError, paymentRequiredError, settlementUnknownError, writePaymentRequired } from './answers.ts';
import { markCheckoutPaid, payableCheckout, readReference } from './collaborators.ts';
import { FacilitatorFailure } from './facilitator-client.ts';
import { readPaymentSignature, type Authorization } from './payment-signature.ts';
import { x402Request } from './http-request.ts';
import { PaidReferenceServer } from './resource-server.ts';
import { settle, type SettleOutcome } from './settle.ts';

export interface PaidReferenceOptions extends ProcedureRoutesOptions {
  payments: PaymentConfig;
}

/** One paid request as the steps see it. */
interface Purchase {
  ctx: KoaCtx;
  context: Context;
  terms: PaymentTermsAnswer;
  http: x402HTTPResourceServer;
  url: string;
}

/** The facilitator's start failed: why, as the client's answer. */
function startError(error: unknown, server: PaidReferenceServer, requestId: string, network: string): unknown {
  const mapped = facilitatorError(error, requestId, server.retryAfterSeconds());
  if (mapped !== error) return mapped;
  if (error instanceof RouteConfigurationError || /no supported payment kinds/.test((error as Error).message)) {
    return new AppError(
      'PAYMENT_NOT_CONFIGURED',
      `The paid reference is not sold on this deployment: its payment facilitator does not support exact payments on ${network}.`,
      { cause: error },
    );
  }
  return error;
}

/**
 * GET {base_url}/v1/agent/paid-reference: the paid reference over HTTP 402 (x402 version 2, the
 * `exact` EVM scheme), with @x402/core's resource server behind this small Koa adapter. The order
 * of a paid request, and why:
 * 1. the terms (payments.getPaymentTerms: 503 PAYMENT_NOT_CONFIGURED without a wallet or a facilitator);
 * 2. the checkout session of a UCP handoff (`?checkout_session=`), which must be payable;
 * 3. no PAYMENT-SIGNATURE: 402 with PAYMENT-REQUIRED; a malformed one: 400 PAYMENT_INVALID;
 * 4. the payment is reserved (payments.reservePayment), with its checkout session, BEFORE the
 *    facilitator is asked anything, so of concurrent copies of one signed payment exactly one goes on
 *    (the others: 402 PAYMENT_ALREADY_USED), and of concurrent different payments for one session
 *    exactly one goes on (the others: 409 CHECKOUT_SESSION_PAYMENT_IN_PROGRESS or CHECKOUT_SESSION_COMPLETED);
 * 5. verify (refused: 402 PAYMENT_REJECTED with the reason), then the content is read, then settle;
 *    a reservation is released whenever nothing was settled, so the payer may send it again; a
 *    settlement whose outcome is unknown keeps it (`unknown`), and with it the session unpayable;
 * 6. 200 {resource, content, protocol: "x402"} with PAYMENT-RESPONSE only after a successful settlement,
 *    which completes the session the reservation held.
 * HEAD never pays: it answers what an unpaid GET would.
 */
/** `?checkout_session=` (a UCP handoff), once, and no other query parameter (strict-input.ts). */
const QUERY_RULES = queryOnlyRules(['checkout_session']);

export function paidReferenceRoutes(options: PaidReferenceOptions): Router<HttpState> {
  const { invoker, createContext } = options;
  const facilitator = options.payments.facilitator;
  const server = facilitator && new PaidReferenceServer(facilitator);
  const router = new Router<HttpState>();

  router.get(`${options.prefix}${PAID_REFERENCE_PATH}`, async (ctx) => {
    refuseUnexpectedInput(QUERY_RULES, ctx.querystring, undefined);
    noStore(ctx);
    // A paid answer is never a 304: the payer paid for the bytes.
    delete ctx.req.headers['if-none-match'];
    delete ctx.req.headers['if-modified-since'];
    const context = createContext(requestFacts(ctx));
    const terms = await invoker.call('payments.getPaymentTerms', undefined, context);
    if (!server) throw new AppError('PAYMENT_NOT_CONFIGURED', 'PAYMENT_FACILITATOR_URL is not set.');
    const checkoutSessionId = await payableCheckout(ctx.query.checkout_session, invoker, context);
    let http: x402HTTPResourceServer;
    try {
      http = await server.get(terms);
    } catch (error) {
      context.log.warn({ err: error }, 'the x402 resource server could not start');
      throw startError(error, server, context.requestId, terms.accepts.network);
    }
    // The request's site URL (its loopback alias in development) with its path and query: what the payment is for.
    const purchase: Purchase = { ctx, context, terms, http, url: `${ctx.state.urls.site}${ctx.originalUrl}` };

    const signature =
      ctx.method === 'HEAD'
        ? { kind: 'absent' as const }
        : readPaymentSignature(ctx.req.headersDistinct['payment-signature']);
    if (signature.kind === 'malformed')
      throw new AppError('PAYMENT_INVALID', `Invalid PAYMENT-SIGNATURE: ${signature.reason}.`);
    if (signature.kind === 'absent') {
      await answerUnpaid(
        purchase,
        'PAYMENT_REQUIRED',
        'Payment required: 1 USD, with x402 version 2 (see the PAYMENT-REQUIRED header).',
      );
      return;
    }
    // A paid attempt costs a database write and facilitator calls: it spends the client's agent budget first (429 beyond it).
    await invoker.call('agent.admitRequest', undefined, context);
    for (const [name, value] of Object.entries(context.response.headers))
      if (name.startsWith('RateLimit')) ctx.set(name, value);
    const header = ctx.req.headersDistinct['payment-signature']![0]!;
    const paymentId = await reserve(purchase, signature.authorization, checkoutSessionId);
    if (paymentId === undefined) return;
    const release = () =>
      invoker
        .call('payments.releasePayment', { payment_id: paymentId }, context)
        .catch((error: unknown) =>
          context.log.error({ err: error, payment_id: paymentId }, 'a reservation could not be released'),
        );

    let verified;
    try {
      verified = await http.processHTTPRequest(x402Request(ctx, purchase.url, header));
    } catch (error) {
      await release();
      context.log.warn({ err: error, payment_id: paymentId }, 'payment verification failed at the facilitator');
      throw facilitatorError(error, context.requestId);
    }
    if (verified.type !== 'payment-verified') {
      await release();
      const said = verified.type === 'payment-error' ? paymentRequiredError(verified.response) : undefined;
      const reason = said === undefined ? undefined : storableText(said, 500);
      writePaymentRequired(ctx, verified.type === 'payment-error' ? verified.response : await unpaid(purchase), {
        code: 'PAYMENT_REJECTED',
        message: `The payment was refused: ${reason ?? 'it does not match the terms'}. Nothing was charged.`,
        readable: terms.readable,
      });
      return;
    }

    let reference;
    try {
      reference = await readReference(invoker, context);
    } catch (error) {
      await release();
      throw error;
    }

    const outcome: SettleOutcome = await settle(http, verified, x402Request(ctx, purchase.url, header));
    if (outcome.kind === 'settled') {
      const payer = outcome.settlement.payer ?? signature.authorization.from;
      await record(purchase, paymentId, outcome.settlement.transaction, payer);
      if (checkoutSessionId !== undefined) {
        const paid = { sessionId: checkoutSessionId, paymentId, transaction: outcome.settlement.transaction, payer };
        await markCheckoutPaid(invoker, context, paid).catch((error: unknown) =>
          // The reservation held the session for this payment, so nothing should refuse this; if it fails, the
          // receipt names the session and the session reads complete_in_progress until it is reconciled.
          context.log.error(
            { err: error, payment_id: paymentId, checkout_session_id: checkoutSessionId },
            'a settled payment could not complete its checkout session',
          ),
        );
      }
      ctx.status = 200;
      ctx.set(outcome.settlement.headers);
      ctx.body = { resource: reference.resource, content: reference.content, protocol: 'x402' };
      return;
    }
    if (outcome.kind === 'refused') {
      if (outcome.transaction)
        await recordUnsettled(purchase, paymentId, {
          outcome: 'failed',
          failure: `settle refused: ${outcome.reason}`,
          transaction: outcome.transaction,
        });
      else await release();
      await answerUnpaid(
        purchase,
        'PAYMENT_REJECTED',
        `The payment was not settled: ${outcome.reason}. Nothing was delivered.`,
        outcome.headers,
      );
      return;
    }
    context.log.error({ err: outcome.error, payment_id: paymentId }, 'settlement failed at the facilitator');
    if (outcome.error instanceof FacilitatorFailure && !outcome.error.outcomeUnknown) {
      await release();
      throw facilitatorError(outcome.error, context.requestId);
    }
    await recordUnsettled(purchase, paymentId, {
      outcome: 'unknown',
      failure: `settle outcome unknown: ${(outcome.error as Error).message}`,
    });
    throw settlementUnknownError(outcome.error, paymentId, context.requestId);
  });
  return router;

  /** The library's unpaid 402 for this URL (no facilitator call: the supported kinds are cached). */
  async function unpaid(purchase: Purchase) {
    const result = await purchase.http.processHTTPRequest(x402Request(purchase.ctx, purchase.url, undefined));
    if (result.type !== 'payment-error')
      throw new Error(`the x402 resource server answered ${result.type} to an unpaid request`);
    return result.response;
  }

  async function answerUnpaid(
    purchase: Purchase,
    code: 'PAYMENT_REQUIRED' | 'PAYMENT_REJECTED' | 'PAYMENT_ALREADY_USED',
    message: string,
    headers?: Record<string, string>,
  ): Promise<void> {
    writePaymentRequired(purchase.ctx, await unpaid(purchase), {
      code,
      message,
      readable: purchase.terms.readable,
      headers,
    });
  }

  /** Reserves the payment; undefined once it answered 402 PAYMENT_ALREADY_USED. */
  async function reserve(purchase: Purchase, authorization: Authorization, checkoutSessionId: string | undefined) {
    const { accepts } = purchase.terms;
    try {
      const reserved = await invoker.call(
        'payments.reservePayment',
        {
          network: accepts.network,
          payer: authorization.from,
          pay_to: authorization.to,
          asset: accepts.asset,
          amount: authorization.value,
          nonce: authorization.nonce,
          resource: purchase.url,
          checkout_session_id: checkoutSessionId ?? null,
        },
        purchase.context,
      );
      return reserved.payment_id;
    } catch (error) {
      if (!isAppError(error) || error.appCode !== 'PAYMENT_ALREADY_USED') throw error;
      await answerUnpaid(purchase, 'PAYMENT_ALREADY_USED', error.message);
      return undefined;
    }
  }

  /** Stores the receipt. The payment is settled whatever happens here, so a failure is logged and the content still delivered. */
  async function record(purchase: Purchase, paymentId: string, transaction: string, payer: string) {
    await invoker
      .call(
        'payments.recordSettlement',
        { payment_id: paymentId, outcome: 'settled', transaction, payer },
        purchase.context,
      )
      .catch((error: unknown) =>
        purchase.context.log.error(
          { err: error, payment_id: paymentId, transaction },
          'a settled payment could not be recorded',
        ),
      );
  }

  /**
   * Keeps a settlement that did not deliver: `failed` (refused, with a transaction) or `unknown` (no
   * word from the facilitator; the payment keeps its checkout session unpayable until reconciled).
   */
  async function recordUnsettled(
    purchase: Purchase,
    paymentId: string,
    unsettled: { outcome: 'failed'; failure: string; transaction: string } | { outcome: 'unknown'; failure: string },
  ) {
    await invoker
      .call(
        'payments.recordSettlement',
        { payment_id: paymentId, ...unsettled, failure: storableText(unsettled.failure, 1000) },
        purchase.context,
      )
      .catch((error: unknown) =>
        purchase.context.log.error({ err: error, payment_id: paymentId }, 'a failed settlement could not be recorded'),
      );
  }
}
