import type { HTTPProcessResult, HTTPRequestContext, x402HTTPResourceServer } from '@x402/core/server';

type Verified = Extract<HTTPProcessResult, { type: 'payment-verified' }>;

/**
 * What a settlement came to: `settled` (the receipt, and the PAYMENT-RESPONSE header), `refused`
 * (the facilitator answered success: false; a transaction hash with it means something may have
 * happened on chain), or `failed` (no answer about the payment: the facilitator was unreachable,
 * timed out or broke; FacilitatorFailure.outcomeUnknown tells whether the payment may have moved).
 */
export type SettleOutcome =
  | { kind: 'settled'; settlement: { transaction: string; payer?: string; headers: Record<string, string> } }
  | { kind: 'refused'; reason: string; transaction: string | undefined; headers: Record<string, string> }
  | { kind: 'failed'; error: unknown };

/** Settles a verified payment through the library (processSettlement) and says what came of it. */
export async function settle(
  http: x402HTTPResourceServer,
  verified: Verified,
  request: HTTPRequestContext,
): Promise<SettleOutcome> {
  let result;
  try {
    result = await http.processSettlement(
      verified.paymentPayload,
      verified.paymentRequirements,
      verified.declaredExtensions,
      {
        request,
      },
    );
  } catch (error) {
    return { kind: 'failed', error };
  }
  if (result.success && result.transaction) {
    return {
      kind: 'settled',
      settlement: { transaction: result.transaction, payer: result.payer, headers: result.headers },
    };
  }
  if (result.success)
    return { kind: 'failed', error: new Error('the facilitator reported success without a transaction') };
  const reason = [result.errorReason, result.errorMessage].filter(
    (part, index, all) => part && all.indexOf(part) === index,
  );
  return {
    kind: 'refused',
    reason: reason.join(': ') || 'settlement failed',
    transaction: result.transaction || undefined,
    headers: result.headers,
  };
}
