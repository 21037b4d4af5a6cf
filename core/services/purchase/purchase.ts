import type { Context } from '../../context.ts';
import type { ErrorCode } from '../../errors/index.ts';
import type { X402Terms } from '../payments/x402-terms.ts';
import type { PaidRequest, PaymentServer } from './facilitator-port.ts';

/** The PAYMENT-SIGNATURE header as the transport read it (its wire checks are the transport's). */
export type PresentedPayment =
  | { kind: 'absent' }
  | { kind: 'malformed'; reason: string }
  | {
      kind: 'present';
      /** The header as sent: the resource server decodes it again. */
      header: string;
      /** The EIP-3009 authorization it carries: what the reservation is keyed by. */
      authorization: { from: string; to: string; value: string; nonce: string };
      /** The payment-identifier extension's id as the adapter read it (absent: none). */
      identifier?: PresentedIdentifier | undefined;
    };

/** The SIGN-IN-WITH-X header as the transport read it (base64 JSON, checked by core; `malformed`: repeated or too long). */
export type PresentedSignIn = { kind: 'present'; header: string } | { kind: 'malformed'; reason: string };
/** The x402 payment-identifier extension in a PaymentPayload: none, a valid id, or why it is not one. */
export type PresentedIdentifier = { kind: 'none' } | { kind: 'id'; id: string } | { kind: 'invalid'; reason: string };

/** One request for the paid reference, transport-free. */
export interface PurchaseRequest {
  request: PaidRequest;
  /** A returning buyer's proof of the paying wallet (x402 `sign-in-with-x`); absent: none sent. */
  sign_in?: PresentedSignIn | undefined;
  /** `?checkout_session=` as given (a UCP handoff); checked by the purchase, in its turn. */
  checkout_session?: string | string[] | undefined;
  payment: PresentedPayment;
}

/** A 402: the x402 terms (PAYMENT-REQUIRED), the extra headers of a refused settlement, and the readable ErrorMessage body. */
export interface PaymentRequiredAnswer {
  outcome: 'payment_required';
  code: Extract<ErrorCode, 'PAYMENT_REQUIRED' | 'PAYMENT_REJECTED' | 'PAYMENT_ALREADY_USED'>;
  message: string;
  payment_required?: string | undefined;
  headers?: Record<string, string> | undefined;
  readable: X402Terms['readable'];
}

/** A 200: the reference bought, and the settlement's headers (PAYMENT-RESPONSE). */
interface PaidAnswer {
  outcome: 'paid';
  resource: string;
  content: string;
  headers: Record<string, string>;
}

export type PurchaseAnswer = PaidAnswer | PaymentRequiredAnswer;

/**
 * What the purchase runs on: the request's context, plus the admission its base procedure hands it
 * (core/trpc.ts), spent only once a payment is presented.
 */
export type PurchaseContext = Pick<Context, 'em' | 'sql' | 'clock' | 'log' | 'services' | 'urls' | 'requestId'> & {
  admitAgentRequest(): Promise<void>;
};

/** One purchase in flight, as its steps see it. */
export interface Purchase {
  ctx: PurchaseContext;
  terms: X402Terms;
  server: PaymentServer;
  request: PaidRequest;
}

/** The 402 the resource server writes for this request, with the code and message of why. */
export async function paymentRequired(
  purchase: Purchase,
  code: PaymentRequiredAnswer['code'],
  message: string,
  headers?: Record<string, string>,
): Promise<PaymentRequiredAnswer> {
  return {
    outcome: 'payment_required',
    code,
    message,
    payment_required: await purchase.server.paymentRequired(purchase.request),
    headers,
    readable: purchase.terms.readable,
  };
}
