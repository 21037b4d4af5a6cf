import { DEFAULT_ASSETS } from '@x402/evm';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../core/config.ts';
import { KNOWN_USDC } from '../../core/payment-config.ts';

const WALLET = '0x2222222222222222222222222222222222222222';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('payment configuration (PAYMENT_*)', () => {
  it('defaults to Base Sepolia USDC with its EIP-712 domain, and is not configured without a wallet and a facilitator', () => {
    const { payments } = loadConfig({});
    expect(payments).to.deep.include({
      payTo: undefined,
      network: 'eip155:84532',
      asset: { address: '0x036CbD53842c5426634e7929541eC2318f3dCF7e', name: 'USDC', version: '2' },
      facilitator: undefined,
      maxTimeoutSeconds: 300,
    });
  });

  it('knows the USDC of Base and Base Sepolia exactly as @x402/evm does', () => {
    for (const [network, known] of Object.entries(KNOWN_USDC)) {
      const [asset] = DEFAULT_ASSETS[network]!;
      expect({ address: asset!.asset, name: asset!.name, version: asset!.version }).to.deep.equal(known);
      expect(asset!.decimals).to.equal(6);
    }
    expect(loadConfig({ PAYMENT_NETWORK: 'eip155:8453' }).payments.asset.name).to.equal('USD Coin');
  });

  it('reads a full configuration; the auth header stays secret', () => {
    const { payments } = loadConfig({
      PAYMENT_PAY_TO: WALLET,
      PAYMENT_FACILITATOR_URL: 'https://facilitator.example.com/x402/',
      PAYMENT_FACILITATOR_AUTH_HEADER: 'Authorization: Bearer s3cret',
      PAYMENT_FACILITATOR_TIMEOUT_MS: '2500',
    });
    expect(payments.facilitator!.url).to.equal('https://facilitator.example.com/x402');
    expect(payments.facilitator!.timeoutMs).to.equal(2500);
    expect(payments.facilitator!.authHeader!.reveal()).to.deep.equal({ name: 'Authorization', value: 'Bearer s3cret' });
    expect(JSON.stringify(payments)).not.to.contain('s3cret');
  });

  it('accepts plain http only for a loopback facilitator', () => {
    for (const url of ['http://127.0.0.1:4021', 'http://localhost:4021/', 'http://[::1]:4021', 'http://127.8.9.10'])
      expect(problems({ PAYMENT_FACILITATOR_URL: url }), url).to.deep.equal([]);
    for (const url of [
      'http://facilitator.example.com',
      'http://10.0.0.1',
      'ftp://127.0.0.1',
      'https://u:p@f.example.com',
    ])
      expect(problems({ PAYMENT_FACILITATOR_URL: url })[0], url).to.match(/^PAYMENT_FACILITATOR_URL: /);
  });

  it('names the variable of every invalid value, never repeating a secret', () => {
    expect(problems({ PAYMENT_PAY_TO: '0x123' })[0]).to.match(/^PAYMENT_PAY_TO: expected an EVM address/);
    expect(problems({ PAYMENT_NETWORK: 'base' })[0]).to.match(/^PAYMENT_NETWORK: /);
    expect(problems({ PAYMENT_FACILITATOR_TIMEOUT_MS: '10' })[0]).to.match(/^PAYMENT_FACILITATOR_TIMEOUT_MS: /);
    expect(problems({ PAYMENT_MAX_TIMEOUT_SECONDS: 'soon' })[0]).to.match(/^PAYMENT_MAX_TIMEOUT_SECONDS: /);
    const header = problems({ PAYMENT_FACILITATOR_AUTH_HEADER: 'Bearer s3cret-without-a-name' });
    expect(header[0]).to.match(/^PAYMENT_FACILITATOR_AUTH_HEADER: /);
    expect(header.join('\n')).not.to.contain('s3cret');
  });

  it('needs PAYMENT_ASSET on an unknown network, and the EIP-712 name and version of an unknown asset', () => {
    expect(problems({ PAYMENT_NETWORK: 'eip155:1' })[0]).to.match(/^PAYMENT_ASSET: required for eip155:1/);
    const asset = '0x1111111111111111111111111111111111111111';
    const missing = problems({ PAYMENT_NETWORK: 'eip155:1', PAYMENT_ASSET: asset });
    expect(missing.map((problem) => problem.split(':')[0])).to.deep.equal([
      'PAYMENT_ASSET_NAME',
      'PAYMENT_ASSET_VERSION',
    ]);
    const { payments } = loadConfig({
      PAYMENT_NETWORK: 'eip155:1',
      PAYMENT_ASSET: asset,
      PAYMENT_ASSET_NAME: 'USD Coin',
      PAYMENT_ASSET_VERSION: '2',
    });
    expect(payments.asset).to.deep.equal({ address: asset, name: 'USD Coin', version: '2' });
  });
});
