import type { ClaimedPending } from '../payments/payments-received.query.ts';
import { storableText } from '../sql/storable-text.ts';
import type { AuthorizedTransfer, SettlementChainReader } from './settlement-chain-port.ts';

type Hex = `0x${string}`;

/** A pending payment as the reconciler claimed it: what the chain is asked about. */
export type ChainQuestion = Pick<
  ClaimedPending,
  'network' | 'payer' | 'pay_to' | 'asset' | 'amount' | 'nonce' | 'created_at' | 'payment_payload'
>;

/**
 * What the chain makes of a payment the facilitator left open: `settled` in `transaction`; `failed`
 * (nothing was or will ever be charged); or `undecided`, `transient` when asking again later may
 * decide it (the endpoint failed, or the authorization can still execute), not when only the
 * operator can (the nonce is used but neither its transfer nor its cancellation was found).
 */
export type ChainVerdict =
  | { kind: 'settled'; transaction: string; note: string }
  | { kind: 'failed'; transaction: string | null; failure: string }
  | { kind: 'undecided'; transient: boolean; note: string };

/**
 * How far past validBefore the latest block must be before an unused authorization counts as dead:
 * a block that short a reorg could replace might still hold the transfer.
 */
const EXPIRY_FINALITY_SECONDS = 300n;
/** The transfer cannot be older than its signature: searched from at most this long before the payment was recorded. */
const SEARCH_BEFORE_SECONDS = 600n;
/** RPC providers cap log queries: never more than a day of blocks is searched for one payment. */
const MAX_SEARCH_SECONDS = 86_400n;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const BYTES32 = /^0x[0-9a-fA-F]{64}$/;
const UINT = /^\d{1,78}$/;

function secondsOf(value: unknown): bigint | null {
  return typeof value === 'string' && UINT.test(value) ? BigInt(value) : null;
}

function transferOf(row: ChainQuestion): AuthorizedTransfer | undefined {
  if (!ADDRESS.test(row.asset) || !ADDRESS.test(row.payer) || !ADDRESS.test(row.pay_to) || !UINT.test(row.amount))
    return undefined;
  return {
    network: row.network,
    asset: row.asset as Hex,
    payer: row.payer as Hex,
    payTo: row.pay_to as Hex,
    amount: BigInt(row.amount),
  };
}

/** The EIP-3009 validity window of the stored payload (unix seconds), each bound null when absent. */
function windowOf(row: ChainQuestion): { validAfter: bigint | null; validBefore: bigint | null } {
  const authorization = (row.payment_payload as { payload?: { authorization?: Record<string, unknown> } } | null)
    ?.payload?.authorization;
  return { validAfter: secondsOf(authorization?.validAfter), validBefore: secondsOf(authorization?.validBefore) };
}

/** The blocks' time span where the authorization may have executed: from its signature to its validBefore, at most a day. */
function searchWindow(row: ChainQuestion, now: Date, validAfter: bigint | null, validBefore: bigint | null) {
  const recorded = BigInt(Math.floor(new Date(row.created_at).getTime() / 1000));
  const earliest = recorded - SEARCH_BEFORE_SECONDS;
  const from = validAfter !== null && validAfter > earliest ? validAfter : earliest;
  let to = BigInt(Math.floor(now.getTime() / 1000));
  if (validBefore !== null && validBefore < to) to = validBefore;
  if (to - from > MAX_SEARCH_SECONDS) to = from + MAX_SEARCH_SECONDS;
  return { from, to };
}

/** The endpoint's failure, bounded (the adapter's message never holds the URL). */
function unreachable(error: unknown): ChainVerdict {
  const message = error instanceof Error ? error.message : 'no answer';
  return { kind: 'undecided', transient: true, note: storableText(`chain read failed: ${message}`, 500) };
}

/**
 * Reads the chain for a payment the facilitator left open (reconcile-pending.ts):
 * - the facilitator's transaction, when one is known and mined successfully with this authorization's
 *   `AuthorizationUsed(payer, nonce)` and the exact `Transfer(payer, payTo, amount)` of the asset: settled;
 * - otherwise the token's `authorizationState(payer, nonce)`: unused once the latest block is past
 *   validBefore (with a margin against reorgs): failed, it can never execute; unused before: undecided
 *   (the facilitator is asked again); used: its `AuthorizationUsed` transaction (settled when that
 *   receipt shows the transfer) or its `AuthorizationCanceled` (failed: the payer cancelled it).
 * Any endpoint failure leaves it undecided. Never throws.
 */
export async function readChain(
  chain: SettlementChainReader,
  row: ChainQuestion,
  knownTransaction: string | null,
  now: Date,
): Promise<ChainVerdict> {
  const transfer = transferOf(row);
  if (!transfer || !BYTES32.test(row.nonce))
    return { kind: 'undecided', transient: false, note: 'not an EIP-3009 authorization the chain can be asked about' };
  const nonce = row.nonce as Hex;
  try {
    if (knownTransaction !== null && BYTES32.test(knownTransaction)) {
      const facts = await chain.transaction(knownTransaction as Hex, transfer, nonce);
      if (facts.kind === 'mined' && facts.succeeded && facts.transfers)
        return { kind: 'settled', transaction: knownTransaction, note: 'the chain shows the transfer' };
    }
    const { validAfter, validBefore } = windowOf(row);
    const state = await chain.authorizationState(transfer, nonce);
    if (!state.used) {
      if (validBefore !== null && state.blockTimestamp >= validBefore + EXPIRY_FINALITY_SECONDS)
        return {
          kind: 'failed',
          transaction: null,
          failure:
            'the authorization expired unused on chain (authorizationState false after validBefore): nothing was charged',
        };
      return { kind: 'undecided', transient: true, note: 'the authorization is not used on chain yet' };
    }
    const window = searchWindow(row, now, validAfter, validBefore);
    const events = await chain.authorizationEvents(transfer, nonce, window);
    if (events.usedIn !== undefined) {
      const facts = await chain.transaction(events.usedIn, transfer, nonce);
      if (facts.kind === 'mined' && facts.succeeded && facts.transfers)
        return { kind: 'settled', transaction: events.usedIn, note: 'the chain shows the transfer' };
      return {
        kind: 'undecided',
        transient: false,
        note: `the authorization was used in ${events.usedIn}, whose receipt does not show the expected transfer: check it by hand`,
      };
    }
    if (events.canceledIn !== undefined)
      return {
        kind: 'failed',
        transaction: null,
        failure: `the payer cancelled the authorization on chain (AuthorizationCanceled in ${events.canceledIn}): nothing was charged`,
      };
    const { fromBlock, toBlock } = events.searched;
    return {
      kind: 'undecided',
      transient: false,
      note: `the authorization's nonce is used on chain, but no AuthorizationUsed or AuthorizationCanceled was found in blocks ${fromBlock} to ${toBlock}: check it by hand`,
    };
  } catch (error) {
    return unreachable(error);
  }
}
