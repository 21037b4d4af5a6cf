import type { UcpPaymentConfig } from '../../core/services/ucp/payment-config.ts';

/** A configured deployment's payment terms (Base Sepolia and its USDC contract; the wallet is made up). */
export const PAYMENT: UcpPaymentConfig = {
  handlerName: 'localhost.x402',
  payTo: '0x1111111111111111111111111111111111111111',
  network: 'eip155:84532',
  asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
  assetName: 'USDC',
  assetVersion: '2',
};
