import type { Context } from '../../context.ts';
import { x402HandlerName } from './handler-name.ts';

/**
 * How this deployment takes payments, as far as UCP needs to say it: the x402 terms of the paid
 * reference (network, USDC contract and its EIP-712 domain, receiving wallet). Undefined while
 * payments are not configured: the profile then lists no payment handler and a checkout session
 * says it cannot be paid yet.
 */
export interface UcpPaymentConfig {
  /** The handler's reverse-DNS name, in this service's namespace (handler-name.ts). */
  handlerName: string;
  /** The receiving wallet (x402 `payTo`). */
  payTo: string;
  /** CAIP-2 network id, e.g. eip155:84532 (Base Sepolia). */
  network: string;
  /** The USDC contract on that network (x402 `asset`). */
  asset: string;
  /** The asset's EIP-712 domain name (x402 `extra.name`, "USDC"). */
  assetName: string;
  /** The asset's EIP-712 domain version (x402 `extra.version`, "2"). */
  assetVersion: string;
}

/** The paid reference's x402 terms when this deployment sells it (a wallet and a facilitator configured), else undefined. */
export function ucpPaymentConfig(ctx: Pick<Context, 'services' | 'urls'>): UcpPaymentConfig | undefined {
  const { payments, seller } = ctx.services;
  if (!payments.configured) return undefined;
  const { payTo, network, asset, assetName, assetVersion } = payments.terms;
  return {
    handlerName: x402HandlerName(ctx.urls, seller.handlerNamespace),
    payTo,
    network,
    asset,
    assetName,
    assetVersion,
  };
}
