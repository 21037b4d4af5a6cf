import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { PAID_REFERENCE_PATH, PAID_REFERENCE_TERMS_PATH } from '../../core/services/agent/paid-reference-terms.ts';

const ZPaidReference = z
  .object({
    resource: z.string().describe('The absolute URL of the paid reference (without the query string).'),
    content: z.string().describe('The agent-oriented reference to this service, as Markdown.'),
    protocol: z.string().describe('How it was paid for: "x402".'),
  })
  .meta({ id: 'PaidReference' });

const noStore = { description: 'no-store', schema: { type: 'string' as const } };

/** The readable terms every 402 body carries besides its ErrorMessage fields (spec 4.6). */
const readableTerms =
  'The body is an ErrorMessage (code PAYMENT_REQUIRED when no payment was sent, PAYMENT_REJECTED when the ' +
  'facilitator refused it or did not settle it, PAYMENT_ALREADY_USED when this signed payment was presented before) ' +
  'and, in the same object, the terms readable: intent "charge", amount "1", currency "USD", method "x402", ' +
  'x402_version 2, scheme "exact", networks (CAIP-2), accepts [{network, asset, asset_name, asset_decimals, ' +
  'atomic_amount, pay_to, max_timeout_seconds}], how_to_pay, terms (the absolute URL of ' +
  `GET ${PAID_REFERENCE_TERMS_PATH}).`;

/**
 * The OpenAPI description of the paid reference (adapters/x402/paid-reference.ts), merged into the
 * generated document like the A2A paths: it is a Koa route, not a procedure, because its protocol
 * lives in headers (PAYMENT-REQUIRED, PAYMENT-SIGNATURE, PAYMENT-RESPONSE). Every non-2xx answer is
 * pointed at ErrorMessage by the document builder; the 402's extra readable fields are described
 * in words, and its machine-readable terms are the PAYMENT-REQUIRED header.
 */
export function paidReferenceOpenApiPaths(): ZodOpenApiPathsObject {
  return {
    [PAID_REFERENCE_PATH]: {
      get: {
        operationId: 'agent-paidReference',
        tags: ['Agent'],
        summary: 'Paid reference (HTTP 402, x402 version 2)',
        description:
          'An agent-oriented reference to this service, sold for 1 USD (USDC) per request over x402 version 2, the ' +
          '`exact` EVM scheme (an EIP-3009 transferWithAuthorization, settled through the payment facilitator). ' +
          'Without PAYMENT-SIGNATURE: 402 with the terms in PAYMENT-REQUIRED. Sign them and send the same request again ' +
          'with PAYMENT-SIGNATURE: 200 with the reference and PAYMENT-RESPONSE, only once the payment is settled. Each ' +
          'signed payment buys one answer. Payable with @x402/fetch or mppx (method evm, intent charge). The terms, ' +
          `free: GET ${PAID_REFERENCE_TERMS_PATH}. A UCP checkout session's payment handoff is this URL with ` +
          '`?checkout_session=<id>`: paying it completes the session. No credential; never cached; HEAD answers as an ' +
          'unpaid GET and never pays.',
        security: [],
        requestParams: {
          header: z.object({
            'PAYMENT-SIGNATURE': z
              .string()
              .optional()
              .describe(
                'x402 v2 PaymentPayload, standard base64 of JSON {x402Version: 2, resource, accepted (the 402 accepts ' +
                  'entry), payload: {signature, authorization: {from, to, value, validAfter, validBefore, nonce}}}. Absent: 402.',
              ),
            'SIGN-IN-WITH-X': z
              .string()
              .optional()
              .describe(
                "x402 sign-in-with-x proof (a returning buyer): standard base64 of JSON, the 402's " +
                  'extensions["sign-in-with-x"].info signed as an EIP-4361 message, plus address, chainId, type and ' +
                  'signature. A wallet with a settled payment for the current revision within 24 h gets the 200 without ' +
                  'paying (no PAYMENT-RESPONSE); any refusal is the 402 with the reason in its message.',
              ),
          }),
          query: z.object({
            checkout_session: z
              .uuid()
              .optional()
              .describe('The UCP checkout session this payment completes (its payment handoff URL carries it).'),
          }),
        },
        responses: {
          '200': {
            description: 'Paid and settled: the reference.',
            headers: {
              'PAYMENT-RESPONSE': {
                description:
                  'Standard base64 of JSON, the settlement: {success: true, transaction, network, payer}. Keep it as the receipt.',
                schema: { type: 'string' },
              },
              'Cache-Control': noStore,
            },
            content: { 'application/json': { schema: ZPaidReference } },
          },
          '400': {
            description:
              'A malformed PAYMENT-SIGNATURE (not base64 JSON of an x402 v2 exact EVM payload: code PAYMENT_INVALID) ' +
              'or checkout_session not one uuid (code VALIDATION_FAILED).',
          },
          '402': {
            description:
              'Payment required, or the payment sent was refused; nothing was charged or delivered. ' + readableTerms,
            headers: {
              'PAYMENT-REQUIRED': {
                description:
                  'Standard base64 of JSON, the x402 v2 terms: {x402Version: 2, error, resource: {url, description, ' +
                  'mimeType}, accepts: [{scheme: "exact", network, amount (atomic units), asset, payTo, ' +
                  'maxTimeoutSeconds, extra: {name, version}}], extensions: {bazaar, "sign-in-with-x"}}. resource.url is ' +
                  'the URL requested.',
                schema: { type: 'string' },
              },
              'Cache-Control': noStore,
            },
          },
          '404': { description: 'No checkout session has the id in checkout_session (code RESOURCE_NOT_FOUND).' },
          '409': {
            description:
              'The checkout session in checkout_session is already paid (code CHECKOUT_SESSION_COMPLETED), or another ' +
              'payment for it is being settled or has an outcome not known yet (code CHECKOUT_SESSION_PAYMENT_IN_PROGRESS): ' +
              'no payment is asked, and a payment sent is neither verified nor settled. A session is paid at most once.',
          },
          '410': {
            description:
              'The checkout session in checkout_session has expired (code CHECKOUT_SESSION_EXPIRED); create a new one.',
          },
          '502': {
            description:
              'The payment facilitator failed before settling (code PAYMENT_FACILITATOR_ERROR): nothing was charged, ' +
              'send the same payment again.',
          },
          '503': {
            description:
              'The paid reference is not sold on this deployment (code PAYMENT_NOT_CONFIGURED: no wallet or facilitator, ' +
              'or the facilitator does not support the network), or the facilitator did not answer (code ' +
              'PAYMENT_FACILITATOR_UNAVAILABLE, with Retry-After; nothing was charged), or the settlement was sent and ' +
              'is not confirmed yet (code PAYMENT_SETTLEMENT_PENDING, with Retry-After: it may have been taken; do not ' +
              'sign a new payment, send the same PAYMENT-SIGNATURE again later for the content once settled).',
            headers: {
              'Retry-After': {
                description: 'Seconds to wait (PAYMENT_FACILITATOR_UNAVAILABLE, PAYMENT_SETTLEMENT_PENDING).',
                schema: { type: 'string' },
              },
            },
          },
        },
      },
    },
  };
}
