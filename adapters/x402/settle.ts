import type { HTTPProcessResult, HTTPRequestContext, x402HTTPResourceServer } from '@x402/core/server';
import type { SettleOutcome } from '../../core/services/purchase/facilitator-port.ts';
import { storableText } from '../../core/services/sql/storable-text.ts';
import { faultOf } from './facilitator-client.ts';
import { boundedSettlementHeaders } from './settlement-header.ts';

type Verified = Extract<HTTPProcessResult, { type: 'payment-verified' }>;

/** The transaction column's bound (payments_received.transaction). */
const TRANSACTION_MAX = 128;
/** Enough of a facilitator's reason for the operator; the rest is noise or an attack. */
const REASON_MAX = 500;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** The x402 SDK's errorReason for a settlement broadcast but not final (SETTLEMENT_PENDING_REASON in @x402/core). */
const SETTLEMENT_PENDING = 'settlement_pending';

/**
 * Settles a verified payment through the library (processSettlement) and says what came of it (a
 * failure carries its fault when the facilitator client classified it: FacilitatorFailure). The
 * facilitator's answer is a third party's text that gets stored: its transaction and reason are made
 * storable here (NUL and unpaired surrogates replaced, then capped), and a payer that is not an EVM
 * address is dropped (the caller then records the signed authorization's `from`, which the
 * facilitator verified).
 */
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
    return { kind: 'failed', error, fault: faultOf(error, 'error') };
  }
  return settleOutcomeOf(result);
}

/** A facilitator's settle answer (the library's processSettlement result, or the client's own) as the port's outcome. */
export function settleOutcomeOf(result: {
  success: boolean;
  transaction?: unknown;
  payer?: unknown;
  errorReason?: unknown;
  errorMessage?: unknown;
  headers?: Record<string, string>;
}): SettleOutcome {
  const headers = boundedSettlementHeaders(result.headers ?? {});
  const transaction = result.transaction ? storableText(String(result.transaction), TRANSACTION_MAX) : undefined;
  if (result.success && transaction) {
    const payer = typeof result.payer === 'string' && EVM_ADDRESS.test(result.payer) ? result.payer : undefined;
    return { kind: 'settled', transaction, payer, headers };
  }
  if (result.success)
    return {
      kind: 'failed',
      error: new Error('the facilitator reported success without a transaction'),
      fault: undefined,
    };
  const reason = [result.errorReason, result.errorMessage].filter(
    (part, index, all) => part && all.indexOf(part) === index,
  );
  const said = storableText(reason.map(String).join(': '), REASON_MAX) || 'settlement failed';
  // x402's non-terminal answer: broadcast (usually with its hash), not confirmed yet. Asked again later.
  if (result.errorReason === SETTLEMENT_PENDING) return { kind: 'pending', reason: said, transaction };
  return { kind: 'refused', reason: said, transaction, headers };
}
