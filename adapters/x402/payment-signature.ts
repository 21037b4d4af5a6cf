import { z } from 'zod';
import type { PresentedIdentifier } from '../../core/services/purchase/purchase.ts';
import { presentedIdentifier } from './extensions/payment-identifier.ts';

/** Longer than any real payment (about 1 KiB): a bound on what one header makes us decode and parse. */
const MAX_HEADER_LENGTH = 8192;
/** The library's own base64 test (decodePaymentSignatureHeader), plus a length atob accepts. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, { message: 'expected 0x and 40 hex digits' });
const uint = z.string().regex(/^\d{1,78}$/, { message: 'expected a whole number as a decimal string' });

/** An EIP-3009 authorization: what the `exact` scheme on EVM signs for USDC. */
const ZAuthorization = z.object({
  from: address,
  to: address,
  value: uint,
  validAfter: uint,
  validBefore: uint,
  nonce: z.string().regex(/^0x[0-9a-fA-F]{64}$/, { message: 'expected 0x and 64 hex digits' }),
});

/** The x402 v2 PaymentPayload of the `exact` EVM scheme with an EIP-3009 authorization. */
const ZPaymentPayload = z.object({
  x402Version: z.literal(2),
  resource: z.object({ url: z.string() }).loose().optional(),
  accepted: z
    .object({
      scheme: z.string(),
      network: z.string(),
      amount: z.string(),
      asset: z.string(),
      payTo: z.string(),
      maxTimeoutSeconds: z.number(),
      extra: z.record(z.string(), z.unknown()),
    })
    .loose(),
  payload: z
    .object({
      signature: z.string().regex(/^0x(?:[0-9a-fA-F]{2}){1,4096}$/, { message: 'expected a 0x hex signature' }),
      authorization: ZAuthorization,
    })
    .loose(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});

type Authorization = z.infer<typeof ZAuthorization>;

export type PaymentSignature =
  | { kind: 'absent' }
  | { kind: 'malformed'; reason: string }
  | { kind: 'present'; header: string; authorization: Authorization; identifier: PresentedIdentifier };

/**
 * Text PostgreSQL's jsonb refuses (the payload is stored): a NUL, or a lone surrogate, which
 * JSON.stringify writes as an escape. Linear: one escape at a time, no nesting.
 */
const UNSTORABLE_JSON = /\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

/**
 * Reads the PAYMENT-SIGNATURE header (Node joins repeats, so they are counted on the distinct
 * values). The x402 library treats a header it cannot decode as no payment at all and answers an
 * unpaid 402; this check runs first so a malformed one is a 400 that says what is wrong: not
 * base64, not JSON, not a v2 PaymentPayload of the exact EVM scheme (EIP-3009), another x402Version.
 * What it does NOT check: that the payment fits the terms, or its signature (the facilitator does).
 */
export function readPaymentSignature(values: string[] | undefined): PaymentSignature {
  if (values === undefined) return { kind: 'absent' };
  if (values.length > 1)
    return { kind: 'malformed', reason: `send one PAYMENT-SIGNATURE header; this request has ${values.length}` };
  const header = values[0]!;
  if (header.length === 0) return { kind: 'malformed', reason: 'the PAYMENT-SIGNATURE header is empty' };
  if (header.length > MAX_HEADER_LENGTH)
    return { kind: 'malformed', reason: `the PAYMENT-SIGNATURE header is longer than ${MAX_HEADER_LENGTH} characters` };
  if (!BASE64.test(header) || header.length % 4 === 1)
    return { kind: 'malformed', reason: 'the PAYMENT-SIGNATURE header is not standard base64' };
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(header, 'base64')));
  } catch {
    return { kind: 'malformed', reason: 'the PAYMENT-SIGNATURE header is not the base64 of UTF-8 JSON' };
  }
  const version = (json as { x402Version?: unknown } | null)?.x402Version;
  if (typeof json === 'object' && json !== null && version !== 2)
    return {
      kind: 'malformed',
      reason: `x402Version is ${JSON.stringify(version) ?? 'missing'}; this server speaks x402 version 2`,
    };
  const parsed = ZPaymentPayload.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? issue.path.join('.') : 'the payment';
    return { kind: 'malformed', reason: `not an x402 v2 exact EVM payment: ${where}: ${issue.message}` };
  }
  if (UNSTORABLE_JSON.test(JSON.stringify(json)))
    return { kind: 'malformed', reason: 'the payment carries a NUL character or an unpaired surrogate' };
  return {
    kind: 'present',
    header,
    authorization: parsed.data.payload.authorization,
    identifier: presentedIdentifier(parsed.data),
  };
}
