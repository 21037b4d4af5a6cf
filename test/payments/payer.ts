import { randomBytes } from 'node:crypto';
import { x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from '@x402/core/types';
import { authorizationTypes } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** A fixed, well-known test key (never funded anywhere that matters): the buyer of every payment test. */
const PAYER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
export const payerAccount = privateKeyToAccount(PAYER_KEY);

/** The x402 client the tests pay with: @x402/core's, with @x402/evm's exact scheme signing offline. */
function payingClient(network: string): x402Client {
  return new x402Client().register(network as `${string}:${string}`, new ExactEvmScheme(payerAccount));
}

/** The PAYMENT-REQUIRED header of a 402, decoded. */
export function paymentRequiredOf(headers: Headers): PaymentRequired {
  const header = headers.get('payment-required');
  if (!header) throw new Error('no PAYMENT-REQUIRED header');
  return decodePaymentRequiredHeader(header);
}

/** A PAYMENT-SIGNATURE for a 402's terms, signed as a real client does (x402Client + ExactEvmScheme). */
export async function signPayment(
  paymentRequired: PaymentRequired,
): Promise<{ header: string; payload: PaymentPayload }> {
  const payload = await payingClient(paymentRequired.accepts[0]!.network).createPaymentPayload(paymentRequired);
  return { header: encodePaymentSignatureHeader(payload), payload };
}

/** The same, signed for other terms than the server's (a wrong amount or payTo), echoing those terms in `accepted`. */
export async function signFor(
  paymentRequired: PaymentRequired,
  change: Partial<PaymentRequirements>,
): Promise<{ header: string; payload: PaymentPayload }> {
  return signPayment({ ...paymentRequired, accepts: [{ ...paymentRequired.accepts[0]!, ...change }] });
}

/**
 * An EIP-3009 authorization signed by hand with viem for the 402's first accepts entry, with the
 * fields a real client would not choose (an expired window): the payload echoes the server's terms.
 */
export async function signAuthorization(
  paymentRequired: PaymentRequired,
  window: { validAfter: bigint; validBefore: bigint },
): Promise<{ header: string; payload: PaymentPayload }> {
  const accepted = paymentRequired.accepts[0]!;
  const authorization = {
    from: payerAccount.address,
    to: accepted.payTo as Hex,
    value: BigInt(accepted.amount),
    validAfter: window.validAfter,
    validBefore: window.validBefore,
    nonce: `0x${randomBytes(32).toString('hex')}` as Hex,
  };
  const signature = await payerAccount.signTypedData({
    domain: {
      name: accepted.extra.name as string,
      version: accepted.extra.version as string,
      chainId: Number(accepted.network.split(':')[1]),
      verifyingContract: accepted.asset as Hex,
    },
    types: authorizationTypes,
    primaryType: 'TransferWithAuthorization',
    message: authorization,
  });
  const payload: PaymentPayload = {
    x402Version: 2,
    resource: paymentRequired.resource,
    accepted,
    payload: {
      signature,
      authorization: {
        ...authorization,
        value: String(authorization.value),
        validAfter: String(authorization.validAfter),
        validBefore: String(authorization.validBefore),
      },
    },
  };
  return { header: encodePaymentSignatureHeader(payload), payload };
}

/** Base64 of a JSON value, as PAYMENT-SIGNATURE carries one. */
export function base64Json(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
}
