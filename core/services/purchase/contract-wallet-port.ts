/**
 * What core needs to check a smart-contract wallet's signature (EIP-1271) for a sign-in-with-x
 * re-read: the composition root fills it from PAYMENT_RPC_URL with an EVM JSON-RPC client (a bounded
 * `eth_getCode` and `eth_call` of `isValidSignature`) and keeps it in CoreServices.contractWallets;
 * core never speaks JSON-RPC itself. EOA signatures need no port: they are recovered locally.
 */
export interface ContractWalletVerifier {
  /**
   * Whether `address` is a contract whose `isValidSignature(hash of the EIP-191 message, signature)`
   * answers the EIP-1271 magic value 0x1626ba7e (false for an address without code). Throws when
   * the endpoint fails or times out; the message says so, with no URL in it.
   */
  verify(args: { address: `0x${string}`; message: string; signature: `0x${string}` }): Promise<boolean>;
}
