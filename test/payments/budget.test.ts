import { createSIWxPayload, encodeSIWxHeader, type SIWxExtension } from '@x402/extensions/sign-in-with-x';
import { expect } from 'chai';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { randomClientAddress } from '../government/helpers.ts';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { startLocalFacilitator, type LocalFacilitator } from '../../scripts/dev/local-facilitator.ts';
import { NETWORK, paymentVariables, startPaidApp, type PaidApp } from './paid-app.ts';
import { paymentRequiredOf, signPayment } from './payer.ts';

describe('per-client budget of paid attempts', function () {
  this.timeout(60_000);
  let facilitator: LocalFacilitator;
  let app: PaidApp;
  before(async () => {
    facilitator = await startLocalFacilitator(NETWORK);
    app = await startPaidApp(paymentVariables(facilitator.url), (config) => ({
      ...config,
      trustProxy: true,
      rateLimits: { ...config.rateLimits, agentRequests: { points: 1, windowSeconds: 60 } },
    }));
  });
  after(async () => {
    await app.close();
    await facilitator.close();
  });

  it('counts every attempt that carries a payment, and beyond the budget refuses before reserving or verifying', async () => {
    const client = { 'X-Forwarded-For': randomClientAddress() };
    const required = paymentRequiredOf((await request(app.endpoint, { headers: client })).headers);
    const first = await request(app.endpoint, {
      headers: { ...client, 'PAYMENT-SIGNATURE': (await signPayment(required)).header },
    });
    expect(first.status, first.text).to.equal(200);
    expect(first.headers.get('ratelimit-policy')).to.equal('"a2a";q=1;w=60');

    const verifies = facilitator.calls.verify;
    const refused = await request(app.endpoint, {
      headers: { ...client, 'PAYMENT-SIGNATURE': (await signPayment(required)).header },
    });
    expectErrorMessage(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).to.be.at.least(1);
    expect(facilitator.calls.verify, 'no verify beyond the budget').to.equal(verifies);
    // Asking for the terms (unpaid) is not counted: it writes nothing and calls no facilitator.
    expect((await request(app.endpoint, { headers: client })).status).to.equal(402);
  });

  it('counts a sign-in-with-x attempt like a paid one, and a request carrying both once', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey());
    const signIn = async (headers: Record<string, string>) => {
      const { extensions } = paymentRequiredOf((await request(app.endpoint, { headers })).headers);
      const info = (extensions!['sign-in-with-x'] as SIWxExtension).info;
      return encodeSIWxHeader(
        await createSIWxPayload({ ...info, chainId: NETWORK, type: 'eip191' }, stranger, app.endpoint),
      );
    };
    const client = { 'X-Forwarded-For': randomClientAddress() };
    const refused = await request<{ message: string }>(app.endpoint, {
      headers: { ...client, 'SIGN-IN-WITH-X': await signIn(client) },
    });
    expectErrorMessage(refused, 402, 'PAYMENT_REQUIRED');
    expect(refused.body.message).to.match(/^Sign-in refused \(no settled payment/);
    expectErrorMessage(
      await request(app.endpoint, { headers: { ...client, 'SIGN-IN-WITH-X': await signIn(client) } }),
      429,
      'RATE_LIMITED',
    );

    // A refused sign-in beside a payment: one attempt, so the payment goes through on a budget of one.
    const other = { 'X-Forwarded-For': randomClientAddress() };
    const required = paymentRequiredOf((await request(app.endpoint, { headers: other })).headers);
    const both = await request(app.endpoint, {
      headers: {
        ...other,
        'SIGN-IN-WITH-X': await signIn(other),
        'PAYMENT-SIGNATURE': (await signPayment(required)).header,
      },
    });
    expect(both.status, both.text).to.equal(200);
    expect(both.headers.get('payment-response')).to.be.a('string');
  });
});
