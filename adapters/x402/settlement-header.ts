import { decodePaymentResponseHeader, encodePaymentResponseHeader } from '@x402/core/http';
import { storableText } from '../../core/services/sql/storable-text.ts';

/** Enough of a facilitator's words for the buyer; the whole answer must fit a client's 16 KiB of headers beside the 402's terms. */
const FIELD_MAX = 500;
/** A PAYMENT-RESPONSE longer than this is rewritten with its text fields capped. */
const HEADER_MAX = 2048;

/**
 * The settlement headers with PAYMENT-RESPONSE bounded: the library copies the facilitator's
 * answer into it verbatim, so a facilitator's 10 KB reason, beside a PAYMENT-REQUIRED that carries
 * the bazaar and sign-in-with-x extensions, would overflow a client's header limit (undici: 16 KiB)
 * and the buyer would read nothing. An oversized one is decoded and encoded again with its
 * reason, message and payer capped and made well-formed; one that does not decode is dropped.
 */
export function boundedSettlementHeaders(headers: Record<string, string>): Record<string, string> {
  const header = headers['PAYMENT-RESPONSE'];
  if (header === undefined || header.length <= HEADER_MAX) return headers;
  const { 'PAYMENT-RESPONSE': _dropped, ...others } = headers;
  let response;
  try {
    response = decodePaymentResponseHeader(header);
  } catch {
    return others;
  }
  const cap = (value: unknown) => (typeof value === 'string' ? storableText(value, FIELD_MAX) : undefined);
  const bounded = {
    ...response,
    transaction: cap(response.transaction) ?? '',
    errorReason: cap(response.errorReason),
    errorMessage: cap(response.errorMessage),
    payer: cap(response.payer),
  };
  return { ...others, 'PAYMENT-RESPONSE': encodePaymentResponseHeader(bounded) };
}
