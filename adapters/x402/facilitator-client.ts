import {
  FacilitatorResponseError,
  FacilitatorTimeoutError,
  HTTPFacilitatorClient,
  type FacilitatorClient,
} from '@x402/core/server';
import { SettleError, VerifyError, type PaymentPayload, type PaymentRequirements } from '@x402/core/types';
import type { PaymentConfig } from '../../core/payment-config.ts';
import type { FacilitatorFault } from '../../core/services/purchase/facilitator-port.ts';
import { withRetries, type RetryBudget } from './retry.ts';

type Operation = 'verify' | 'settle' | 'supported';

/**
 * A facilitator call that did not produce an answer about the payment: `unavailable` (unreachable,
 * timed out, 503/504/429) or `error` (any other failure of the facilitator itself). `outcomeUnknown`
 * marks a settle that may have reached the facilitator: the payment may have moved. It extends the
 * library's FacilitatorResponseError on purpose: x402HTTPResourceServer rethrows only that class and
 * turns every other error into a 402, which would tell a payer whose payment is fine that it was refused.
 */
class FacilitatorFailure extends FacilitatorResponseError {
  constructor(
    readonly operation: Operation,
    readonly kind: 'unavailable' | 'error',
    readonly outcomeUnknown: boolean,
    message: string,
    options: { cause: unknown },
  ) {
    super(message);
    this.name = 'FacilitatorFailure';
    this.cause = options.cause;
  }
}

/** The fault of a FacilitatorFailure, found on the error or (as the library wraps it) its cause. */
export function faultOf(
  error: unknown,
  where: 'error' | 'error or cause' = 'error or cause',
): FacilitatorFault | undefined {
  const failure =
    error instanceof FacilitatorFailure || where === 'error' ? error : (error as { cause?: unknown }).cause;
  if (!(failure instanceof FacilitatorFailure)) return undefined;
  return { operation: failure.operation, kind: failure.kind, outcomeUnknown: failure.outcomeUnknown };
}

/** Network errors that mean the request never left: nothing reached the facilitator. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

interface Classified {
  kind: 'unavailable' | 'error';
  /** The facilitator cannot have acted on the request. */
  notDelivered: boolean;
  /** Trying again may help (for a read-only call: verify, supported). */
  transient: boolean;
}

/** The HTTP status in the library's "Facilitator verify failed (500): ..." errors. */
function statusOf(error: Error): number | undefined {
  const match = /^Facilitator \w+ failed \((\d{3})\)/.exec(error.message);
  return match ? Number(match[1]) : undefined;
}

/** What a failed facilitator call was, or undefined for an answer about the payment (a 4xx VerifyError/SettleError). */
function classify(error: unknown): Classified | undefined {
  if (error instanceof VerifyError || error instanceof SettleError)
    return error.statusCode >= 500 ? { kind: 'error', notDelivered: false, transient: true } : undefined;
  if (error instanceof FacilitatorTimeoutError) return { kind: 'unavailable', notDelivered: false, transient: true };
  if (error instanceof FacilitatorResponseError) return { kind: 'error', notDelivered: false, transient: false };
  const code = ((error as { cause?: { code?: unknown } }).cause?.code ?? '') as string;
  if (error instanceof TypeError && code !== '') {
    return { kind: 'unavailable', notDelivered: NOT_SENT.has(code), transient: true };
  }
  const status = error instanceof Error ? statusOf(error) : undefined;
  if (status === 429) return { kind: 'unavailable', notDelivered: true, transient: true };
  if (status !== undefined && status >= 500)
    return { kind: status === 503 || status === 504 ? 'unavailable' : 'error', notDelivered: false, transient: true };
  if (status !== undefined) return { kind: 'error', notDelivered: true, transient: false };
  if (error instanceof TypeError) return { kind: 'unavailable', notDelivered: false, transient: true };
  return { kind: 'error', notDelivered: false, transient: false };
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
  return `${error instanceof Error ? error.message : String(error)}${code}`.slice(0, 300);
}

/**
 * The facilitator client the x402 resource server uses: @x402/core's HTTPFacilitatorClient (its
 * per-request timeout, the auth header on verify, settle and supported) with bounded retries and
 * failures made explicit. Retried: verify and supported on any transient failure (they change
 * nothing); settle ONLY when the request cannot have reached the facilitator (connection refused,
 * no such host, 429). A settle that timed out or failed mid-way is never repeated: EIP-3009 nonces
 * are single-use, so a second settle of a payment the first one did settle would be refused, and we
 * would tell a payer who paid that nothing happened. It becomes a FacilitatorFailure with
 * `outcomeUnknown`, for the purchase (core/services/purchase/) to keep the payment reserved.
 */
export class ResilientFacilitatorClient implements FacilitatorClient {
  readonly #inner: HTTPFacilitatorClient;
  readonly #budget: RetryBudget;

  constructor(facilitator: NonNullable<PaymentConfig['facilitator']>) {
    const auth = facilitator.authHeader;
    this.#inner = new HTTPFacilitatorClient({
      url: facilitator.url,
      timeoutMs: facilitator.timeoutMs,
      ...(auth && {
        createAuthHeaders: () => {
          const { name, value } = auth.reveal();
          const headers = { [name]: value };
          return Promise.resolve({ verify: headers, settle: headers, supported: headers });
        },
      }),
    });
    this.#budget = { retries: 2, withinMs: facilitator.timeoutMs, firstDelayMs: 100, factor: 4 };
  }

  verify(payload: PaymentPayload, requirements: PaymentRequirements) {
    return this.#call(
      'verify',
      () => this.#inner.verify(payload, requirements),
      (c) => c.transient,
    );
  }

  settle(payload: PaymentPayload, requirements: PaymentRequirements) {
    return this.#call(
      'settle',
      () => this.#inner.settle(payload, requirements),
      (c) => c.notDelivered,
    );
  }

  /**
   * Settle again with a stored payload and requirements (settlement recovery): unlike the first
   * settle, any transient failure is retried within the budget, since re-sending the same signed
   * payload is the x402 retry against an already-broadcast payment and can never transfer twice.
   */
  resettle(payload: PaymentPayload, requirements: PaymentRequirements) {
    return this.#call(
      'settle',
      () => this.#inner.settle(payload, requirements),
      (c) => c.transient,
    );
  }

  getSupported() {
    return this.#call(
      'supported',
      () => this.#inner.getSupported(),
      (c) => c.transient,
    );
  }

  async #call<T>(operation: Operation, run: () => Promise<T>, retryable: (c: Classified) => boolean): Promise<T> {
    try {
      return await withRetries(
        run,
        (error) => {
          const classified = classify(error);
          return classified !== undefined && retryable(classified);
        },
        this.#budget,
      );
    } catch (error) {
      const classified = classify(error);
      if (!classified) throw error;
      const outcomeUnknown = operation === 'settle' && !classified.notDelivered;
      throw new FacilitatorFailure(
        operation,
        classified.kind,
        outcomeUnknown,
        `facilitator ${operation}: ${describe(error)}`,
        {
          cause: error,
        },
      );
    }
  }
}
