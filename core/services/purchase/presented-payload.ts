/**
 * The signed PaymentPayload of a PAYMENT-SIGNATURE header, decoded in core: the x402 adapter checked
 * its shape (base64 JSON of an x402 v2 exact EVM payload, at most 8 KiB, nothing PostgreSQL's jsonb
 * refuses), so this only reads it again to store it and to compare a repeated presentation.
 */
export function decodePresentedPayload(header: string): Record<string, unknown> {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
    return typeof decoded === 'object' && decoded !== null && !Array.isArray(decoded)
      ? (decoded as Record<string, unknown>)
      : {};
  } catch {
    // Only a caller that skipped the adapter's checks gets here: nothing to store or compare.
    return {};
  }
}

/**
 * The payload as it is stored to be sent again (the reconciler's re-settle) and compared (a repeat):
 * everything but the extensions a client echoes back from the 402 only because the 402 declared them
 * (bazaar's and sign-in-with-x's schemas: most of its size). payment-identifier is kept: a
 * facilitator may use its id for its own idempotency.
 */
export function storablePayload(payload: Record<string, unknown>): Record<string, unknown> {
  const { extensions, ...rest } = payload;
  const identifier = (extensions as Record<string, unknown> | undefined)?.['payment-identifier'];
  return identifier === undefined ? rest : { ...rest, extensions: { 'payment-identifier': identifier } };
}

/** The payload's EIP-3009 signature, as sent (compared exactly: the same signed payment, not merely the same nonce). */
export function signatureOf(payload: Record<string, unknown>): string | undefined {
  const signature = (payload.payload as { signature?: unknown } | undefined)?.signature;
  return typeof signature === 'string' ? signature : undefined;
}

/** The latest instant a timestamptz holds that any real authorization uses (9999-12-31). */
const LAST_STORABLE_SECOND = 253_402_300_799n;

/** The authorization's validBefore (unix seconds) as an instant; null when absent or beyond any storable date. */
export function validBeforeOf(payload: Record<string, unknown>): Date | null {
  const authorization = (payload.payload as { authorization?: { validBefore?: unknown } } | undefined)?.authorization;
  const seconds = authorization?.validBefore;
  if (typeof seconds !== 'string' || !/^\d{1,78}$/.test(seconds)) return null;
  const value = BigInt(seconds);
  return value > LAST_STORABLE_SECOND ? null : new Date(Number(value) * 1000);
}
