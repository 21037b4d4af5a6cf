import type { HTTPAdapter } from '@x402/core/server';
import type { ResourceServerExtension } from '@x402/core/types';
import { declareSIWxExtension, SIGN_IN_WITH_X, type SIWxExtension } from '@x402/extensions/sign-in-with-x';
import type { SignInChallenge } from '../../../core/services/purchase/facilitator-port.ts';

/** The library's request adapter with the challenge core minted for this request (http-request.ts). */
export interface ChallengedHTTPAdapter extends HTTPAdapter {
  readonly signInChallenge?: SignInChallenge | undefined;
}

/**
 * The route's `sign-in-with-x` declaration (the SDK's: version 1, the configured network as an
 * `eip191` chain, which EIP-1271 contract wallets verify under too, and the SDK's schema), with a
 * 5-minute expiry. Its per-request `info` comes from signInChallengeExtension below.
 */
export function signInDeclaration(network: string): Record<string, unknown> {
  return declareSIWxExtension({ network, expirationSeconds: 300 });
}

/** The challenge on the request context the library hands to an extension (its `transportContext.request`). */
function challengeOf(transportContext: unknown): SignInChallenge | undefined {
  const request = (transportContext as { request?: { adapter?: ChallengedHTTPAdapter } } | undefined)?.request;
  return request?.adapter?.signInChallenge;
}

/**
 * Writes `extensions["sign-in-with-x"]` of every 402 the library builds: the challenge core minted
 * (its nonce carries an HMAC tag instead of a stored row, so the unpaid 402 stores nothing), the
 * declaration's chains and schema. The SDK's own server extension would mint a random nonce core
 * could not recognise. `nonce`, `issuedAt` and `expirationTime` change on every 402, so a client
 * echoing the extension in its payment is not held to an earlier 402's values (dynamicInfoFields).
 */
export const signInChallengeExtension: ResourceServerExtension = {
  key: SIGN_IN_WITH_X,
  dynamicInfoFields: ['nonce', 'issuedAt', 'expirationTime'],
  enrichPaymentRequiredResponse: async (declaration, context): Promise<SIWxExtension | undefined> => {
    const info = challengeOf(context.transportContext);
    if (!info) return undefined;
    const { supportedChains, schema } = declaration as SIWxExtension;
    return { info, supportedChains, schema };
  },
};
