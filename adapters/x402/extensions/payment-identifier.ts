import {
  declarePaymentIdentifierExtension,
  extractAndValidatePaymentIdentifier,
  PAYMENT_IDENTIFIER,
} from '@x402/extensions/payment-identifier';
import type { PaymentPayload } from '@x402/core/types';
import type { PresentedIdentifier } from '../../../core/services/purchase/purchase.ts';

/**
 * The x402 `payment-identifier` extension (specs/extensions/payment_identifier.md), as the 402
 * declares it in `extensions`: the SDK's declaration with `required` from PAYMENT_IDENTIFIER_REQUIRED.
 */
export function paymentIdentifierDeclaration(required: boolean): Record<string, unknown> {
  return { [PAYMENT_IDENTIFIER]: declarePaymentIdentifierExtension(required) };
}

/**
 * The client's id from a PaymentPayload's `extensions` (the SDK's extraction and validation: 16 to
 * 128 of [A-Za-z0-9_-]); `none` without the extension or without an id in it. Only the echoed
 * `info` is handed to the SDK, never the echoed `schema`: the SDK compiles a schema it is given with
 * a new Ajv on every call, so the buyer's schema would cost us a compilation per request (about
 * 15 ms) and run the buyer's `pattern` regular expressions on our process. The rules are ours.
 */
export function presentedIdentifier(payload: {
  extensions?: Record<string, unknown> | undefined;
}): PresentedIdentifier {
  const extension = payload.extensions?.[PAYMENT_IDENTIFIER];
  if (extension === undefined) return { kind: 'none' };
  const info = typeof extension === 'object' && extension !== null ? (extension as { info?: unknown }).info : undefined;
  const { id, validation } = extractAndValidatePaymentIdentifier({
    extensions: { [PAYMENT_IDENTIFIER]: { info } },
  } as unknown as PaymentPayload);
  if (!validation.valid)
    return { kind: 'invalid', reason: (validation.errors ?? ['not a payment identifier']).join('; ').slice(0, 300) };
  return id === null ? { kind: 'none' } : { kind: 'id', id };
}
