import type { PaymentConfig } from '../../payment-config.ts';

/** What a payment for the paid reference must be: the x402 `accepts` entry's deployment-dependent fields. */
export interface PaymentTerms {
  /** CAIP-2 network id, e.g. eip155:8453. */
  network: string;
  /** The token contract (USDC by default). */
  asset: string;
  /** The token's EIP-712 domain name and version (x402's `extra`). */
  assetName: string;
  assetVersion: string;
  /** The receiving wallet. */
  payTo: string;
  /** How long a signed authorization may take to settle. */
  maxTimeoutSeconds: number;
  /** Whether a payment must carry the payment-identifier extension's id. */
  identifierRequired: boolean;
  /** The Retry-After of a settlement pending: until the reconciler has asked again. */
  pendingRetryAfterSeconds: number;
}

/**
 * Whether this deployment sells the paid reference: the terms when a wallet and a facilitator are
 * configured, else the variables that are missing (the 503 PAYMENT_NOT_CONFIGURED names them).
 * Core reads only this; the facilitator's address and credential stay with the adapter that calls it.
 */
export type PaymentSettings = { configured: true; terms: PaymentTerms } | { configured: false; missing: string[] };

export function paymentSettings(config: PaymentConfig): PaymentSettings {
  const missing = [
    ...(config.payTo === undefined ? ['PAYMENT_PAY_TO'] : []),
    ...(config.facilitator === undefined ? ['PAYMENT_FACILITATOR_URL'] : []),
  ];
  if (config.payTo === undefined || missing.length > 0) return { configured: false, missing };
  return {
    configured: true,
    terms: {
      network: config.network,
      asset: config.asset.address,
      assetName: config.asset.name,
      assetVersion: config.asset.version,
      payTo: config.payTo,
      maxTimeoutSeconds: config.maxTimeoutSeconds,
      identifierRequired: config.identifierRequired,
      pendingRetryAfterSeconds: Math.ceil(config.reconcileIntervalMs / 1000),
    },
  };
}
