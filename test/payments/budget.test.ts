import { expect } from 'chai';
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
});
