import type * as SignInWithX from '@x402/extensions/sign-in-with-x';
import type { EVMMessageVerifier, SIWxPayload } from '@x402/extensions/sign-in-with-x';
import { z } from 'zod';
import { readAgentReference } from '../agent/read-agent-reference.ts';
import { hasSettledPayment, useSignInNonce } from '../payments/sign-in.query.ts';
import { storableText } from '../sql/storable-text.ts';
import { isOurNonce, SIGN_IN_CHALLENGE_MS, signInNonceKey } from './sign-in-challenge.ts';
import type { PresentedSignIn, Purchase, PurchaseAnswer, PurchaseContext } from './purchase.ts';

/** How long after its settlement a payment lets its wallet re-read the revision it bought. */
const REREAD_WINDOW_MS = 24 * 60 * 60 * 1000;

const TIME = z.string().max(40);
const URI = z.string().max(4096);

/**
 * Bounds on what the parsed header may hold before anything is computed from it, beyond the SDK's
 * own shape (SIWxPayloadSchema): an EVM address, the configured network, our nonce's form, a hex
 * signature (EIP-1271 signatures may be longer than 65 bytes: up to 4 KiB), lengths on every string.
 */
function boundedPayload(network: string) {
  return z.object({
    domain: z.string().max(300),
    address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, { message: 'expected an EVM address: 0x and 40 hex digits' }),
    statement: z.string().max(1000).optional(),
    uri: URI,
    version: z.literal('1'),
    chainId: z.literal(network, { message: `expected ${network}, the network payments are taken on` }),
    type: z.literal('eip191'),
    nonce: z.string().regex(/^[0-9a-f]{32}$/, { message: 'expected the 32 hex digits of our challenge' }),
    issuedAt: TIME,
    expirationTime: TIME.optional(),
    notBefore: TIME.optional(),
    requestId: z.string().max(200).optional(),
    resources: z.array(URI).max(10).optional(),
    signature: z.string().regex(/^0x(?:[0-9a-fA-F]{2}){1,4096}$/, { message: 'expected a 0x hex signature' }),
  });
}

/** What a sign-in came to: the reference (granted), or why not (the 402 says it, with a fresh challenge). */
export type SignInOutcome = { kind: 'granted'; answer: PurchaseAnswer } | { kind: 'refused'; reason: string };

/**
 * The SDK's sign-in module, loaded at the first sign-in: it pulls in viem (hundreds of modules), which
 * every process that never sees a sign-in (the admin commands, the worker) need not load.
 */
let signInModule: Promise<typeof SignInWithX> | undefined;
function signInWithX(): Promise<typeof SignInWithX> {
  signInModule ??= import('@x402/extensions/sign-in-with-x');
  return signInModule;
}

function refused(reason: string): SignInOutcome {
  return { kind: 'refused', reason: storableText(reason, 500) };
}

/**
 * The EVM verifier the SDK calls (verifySIWxSignature): EIP-191 recovery first (no network), then,
 * for a signature that does not recover to the address, EIP-1271 through the contract-wallet port;
 * without one (PAYMENT_RPC_URL unset) the SDK answers invalid_siwx_verifier_error with why.
 */
function walletVerifier(ctx: PurchaseContext): EVMMessageVerifier {
  return async (args) => {
    const { verifyEVMSignature } = await signInWithX();
    if (await verifyEVMSignature(args.message, args.address, args.signature)) return true;
    const contractWallets = ctx.services.contractWallets;
    if (!contractWallets)
      throw new Error(
        'the signature does not recover to the address, and contract wallets (EIP-1271) cannot be checked here: PAYMENT_RPC_URL is not set',
      );
    return contractWallets.verify(args);
  };
}

/** The checks that need nothing stored: shape, bounds, domain, origin, times (SDK), our nonce's tag. */
async function validPayload(purchase: Purchase, header: string): Promise<SIWxPayload | string> {
  const { parseSIWxHeader, validateSIWxMessage } = await signInWithX();
  let payload: SIWxPayload;
  try {
    payload = parseSIWxHeader(header);
  } catch (error) {
    return (error as Error).message;
  }
  const bounded = boundedPayload(purchase.terms.accepts.network).safeParse(payload);
  if (!bounded.success) {
    const issue = bounded.error.issues[0]!;
    return `invalid SIWX header: ${issue.path.join('.') || 'the message'}: ${issue.message}`;
  }
  const key = await signInNonceKey(purchase.ctx);
  const validation = await validateSIWxMessage(payload, new URL(new URL(purchase.request.url).origin), {
    maxAge: SIGN_IN_CHALLENGE_MS,
    checkNonce: (nonce) => isOurNonce(key, nonce, payload.issuedAt),
  });
  if (!validation.isValid) {
    const why =
      validation.invalidReason === 'invalid_siwx_nonce'
        ? 'the nonce is not one this server issued with this issuedAt'
        : validation.invalidMessage;
    return `${validation.invalidReason}: ${why}`;
  }
  return payload;
}

/**
 * A returning buyer (x402 `sign-in-with-x`, CAIP-122 / EIP-4361): a wallet that proves itself with
 * a challenge of ours and has a settled payment for the current revision of the reference within
 * the last 24 hours reads it again without paying. The order, and why:
 * 1. the stateless checks (shape, bounds, domain = host, uri on this origin, issuedAt at most 5
 *    minutes old and not ahead, expirationTime ahead, notBefore passed, the nonce's HMAC tag);
 * 2. the nonce is used (one INSERT, the primary key decides) BEFORE the signature is checked, so of
 *    concurrent copies exactly one costs a signature check or an RPC call; a forged copy burns only
 *    a challenge the forger already held;
 * 3. the signature: EIP-191 recovery, else EIP-1271 through the contract-wallet port;
 * 4. the payment history of that address for the current revision.
 * Every refusal is a reason for the 402 (as the SDK's request hook falls through to payment), never
 * an error. A checkout session is paid with a payment: a sign-in there is not honoured.
 */
export async function signInReread(
  purchase: Purchase,
  signIn: PresentedSignIn,
  checkoutSessionId: string | undefined,
): Promise<SignInOutcome> {
  const { ctx } = purchase;
  if (signIn.kind === 'malformed') return refused(signIn.reason);
  if (checkoutSessionId !== undefined)
    return refused('a checkout session is paid with a payment; sign in at the URL without ?checkout_session=');
  const payload = await validPayload(purchase, signIn.header);
  if (typeof payload === 'string') return refused(payload);
  const address = payload.address.toLowerCase();
  const issuedAt = new Date(payload.issuedAt).getTime();
  const fresh = await useSignInNonce(ctx.sql, {
    nonce: payload.nonce,
    address,
    expiresAt: new Date(issuedAt + SIGN_IN_CHALLENGE_MS),
  });
  if (!fresh) return refused('invalid_siwx_nonce: this challenge was used before; sign the one in this 402');
  const { verifySIWxSignature } = await signInWithX();
  const verified = await verifySIWxSignature(payload, { evmVerifier: walletVerifier(ctx) });
  if (!verified.isValid) return refused(`${verified.invalidReason}: ${verified.invalidMessage}`);
  const reference = readAgentReference(ctx);
  const paid = await hasSettledPayment(ctx.sql, {
    network: purchase.terms.accepts.network,
    payer: address,
    revision: reference.revision,
    since: new Date(ctx.clock.now().getTime() - REREAD_WINDOW_MS),
  });
  if (!paid)
    return refused(
      `no settled payment by ${payload.address} for this revision of the reference (${reference.revision}) in the last 24 hours`,
    );
  ctx.log.info({ payer: address }, 'a returning buyer re-read the paid reference by sign-in-with-x');
  return {
    kind: 'granted',
    answer: { outcome: 'paid', resource: reference.resource, content: reference.content, headers: {} },
  };
}
