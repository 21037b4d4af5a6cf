/**
 * What the settlement reconciler needs to read from the chain itself when the facilitator leaves a
 * payment's outcome open: the composition root fills it from PAYMENT_RPC_URL with an EVM JSON-RPC
 * client (adapters/x402/settlement-chain.ts) and keeps it in CoreServices.settlementChain; core
 * decides what the facts mean (chain-verdict.ts) and never speaks JSON-RPC itself. Every method
 * throws when the endpoint fails, times out or serves another chain; the message never holds the URL.
 */

type Hex = `0x${string}`;

/** The EIP-3009 transfer a payment authorized: `amount` of the token `asset` from `payer` to `payTo` on `network` (CAIP-2). */
export interface AuthorizedTransfer {
  network: string;
  asset: Hex;
  payer: Hex;
  payTo: Hex;
  amount: bigint;
}

/**
 * What one transaction shows of a transfer: `none` (no receipt: not mined, or unknown to the node),
 * or its receipt's status and whether its logs hold both the asset's `AuthorizationUsed(payer, nonce)`
 * and its exact `Transfer(payer, payTo, amount)`: the transfer alone could be another payment's of
 * the same amount, so a hash named by a facilitator proves nothing without this nonce.
 */
export type TransactionFacts = { kind: 'none' } | { kind: 'mined'; succeeded: boolean; transfers: boolean };

/** The token's `authorizationState(payer, nonce)` as read at the latest block, and that block's timestamp (unix seconds). */
interface AuthorizationFacts {
  used: boolean;
  blockTimestamp: bigint;
}

/**
 * The token's `AuthorizationUsed(payer, nonce)` and `AuthorizationCanceled(payer, nonce)` logs found
 * in the blocks of a time window (the adapter bounds the block range), by transaction; `searched` is
 * the block range read, for the operator's note.
 */
interface AuthorizationEvents {
  usedIn: Hex | undefined;
  canceledIn: Hex | undefined;
  searched: { fromBlock: bigint; toBlock: bigint };
}

export interface SettlementChainReader {
  /** The receipt of `transaction`, matched against the authorized transfer and its nonce. */
  transaction(transaction: Hex, transfer: AuthorizedTransfer, nonce: Hex): Promise<TransactionFacts>;
  /** Whether the authorization's nonce is used (executed or cancelled), at the latest block. */
  authorizationState(transfer: AuthorizedTransfer, nonce: Hex): Promise<AuthorizationFacts>;
  /** Where the nonce was used or cancelled, among the blocks whose timestamps fall in `window` (unix seconds). */
  authorizationEvents(
    transfer: AuthorizedTransfer,
    nonce: Hex,
    window: { from: bigint; to: bigint },
  ): Promise<AuthorizationEvents>;
}
