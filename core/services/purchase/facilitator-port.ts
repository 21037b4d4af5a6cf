/**
 * What core needs from an x402 payment facilitator to sell the paid reference: the port the purchase
 * saga (purchase-paid-reference.ts) runs over. The composition root fills it with the x402 adapter
 * (adapters/x402/: @x402/core's resource server, its facilitator client with bounded retries) and
 * keeps it in CoreServices.paymentFacilitator; core never speaks HTTP to a facilitator itself.
 * Outcomes are values, not exceptions, so core decides every answer and keeps the library's classes out.
 */

/** The seven x402 v2 fields of the paid reference's accepts[] entry, and what the resource is. */
export interface FacilitatorTerms {
  accepts: {
    scheme: 'exact';
    network: string;
    amount: string;
    asset: string;
    payTo: string;
    maxTimeoutSeconds: number;
    extra: { name: string; version: string };
  };
  resource: { description: string; mimeType: string };
  /** The x402 payment-identifier extension declared in the 402: whether a payment must carry an id. */
  paymentIdentifier: { required: boolean };
}

/**
 * The `info` of the 402's `extensions["sign-in-with-x"]`: the fields the client signs (CAIP-122,
 * EIP-4361), minted by core (sign-in-challenge.ts).
 */
export interface SignInChallenge {
  domain: string;
  uri: string;
  version: '1';
  nonce: string;
  issuedAt: string;
  expirationTime: string;
  statement: string;
  resources: string[];
}

/** The paid request as the resource server reads it: no transport object crosses into core. */
export interface PaidRequest {
  /** The absolute URL the client asked for ({site_url}, path and query as sent): what the payment is for. */
  url: string;
  path: string;
  userAgent: string;
  /** The sign-in-with-x challenge its 402s declare (`extensions["sign-in-with-x"].info`), minted by core. */
  signIn?: SignInChallenge | undefined;
}

/**
 * A facilitator call that said nothing about the payment once its retries were spent: `unavailable`
 * (unreachable, timed out, busy) or `error` (the facilitator itself failed). `outcomeUnknown` marks a
 * settle that may have reached the facilitator: the payment may have moved.
 */
export interface FacilitatorFault {
  operation: 'verify' | 'settle' | 'supported';
  kind: 'unavailable' | 'error';
  outcomeUnknown: boolean;
}

/** A failure as thrown (`error`, for the log and as the answer's cause) and what it was, when it was the facilitator's. */
interface FacilitatorFailed {
  kind: 'failed';
  error: unknown;
  fault: FacilitatorFault | undefined;
}

/**
 * What a settlement came to: `settled` (the transaction, the payer when the facilitator named a valid
 * one, the headers of the paid answer), `refused` (success: false; a transaction with it means
 * something may have happened on chain) or `failed`. Third-party text arrives storable and bounded.
 */
export type SettleOutcome =
  | { kind: 'settled'; transaction: string; payer: string | undefined; headers: Record<string, string> }
  | { kind: 'refused'; reason: string; transaction: string | undefined; headers: Record<string, string> }
  /** The facilitator's own non-terminal answer (x402 `settlement_pending`): broadcast, not confirmed yet. */
  | { kind: 'pending'; reason: string; transaction: string | undefined }
  | FacilitatorFailed;

/** A PaymentPayload and the PaymentRequirements it was settled against, as JSON: what a re-settle sends again. */
export interface StoredSettlement {
  payload: Record<string, unknown>;
  requirements: Record<string, unknown>;
}

/** What verification came to: verified (settle it next), refused (the 402's PAYMENT-REQUIRED and the reason given) or failed. */
export type VerifyOutcome =
  | { kind: 'verified'; settle(): Promise<SettleOutcome>; requirements: Record<string, unknown> }
  | { kind: 'refused'; paymentRequired: string | undefined; reason: string | undefined }
  | FacilitatorFailed;

/** The resource server of one set of terms, started. */
export interface PaymentServer {
  /** The PAYMENT-REQUIRED header of the unpaid 402 for this request (no facilitator call). */
  paymentRequired(request: PaidRequest): Promise<string | undefined>;
  /** Verifies the PAYMENT-SIGNATURE header sent with this request. */
  verify(request: PaidRequest, paymentHeader: string): Promise<VerifyOutcome>;
  /** The headers of a paid answer (PAYMENT-RESPONSE) rebuilt from a stored receipt. */
  receiptHeaders(receipt: { transaction: string; network: string; payer: string }): Record<string, string>;
}

/**
 * Why the resource server did not start: a facilitator fault, terms the facilitator does not support
 * (`unsupported`), or anything else (a bug). `retryAfterSeconds`: until a failed start is tried again.
 */
export type OpenOutcome =
  { kind: 'open'; server: PaymentServer } | (FacilitatorFailed & { unsupported: boolean; retryAfterSeconds: number });

export interface PaymentFacilitator {
  /** The resource server for these terms, started on first use (the facilitator's supported kinds). */
  open(terms: FacilitatorTerms): Promise<OpenOutcome>;
  /**
   * Asks the facilitator again to settle a stored settlement, with exactly the stored payload and
   * requirements (the x402 retry against an already-broadcast payment: a facilitator that settled or
   * broadcast it answers the same transaction, never a second transfer). Transient failures are
   * retried within the call; `failed` when they persist.
   */
  resettle(settlement: StoredSettlement): Promise<SettleOutcome>;
}
