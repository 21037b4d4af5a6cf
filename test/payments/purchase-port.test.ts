import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { createContextInner, type Context } from '../../core/context.ts';
import { AppError } from '../../core/errors/index.ts';
import { createLogger } from '../../core/logger.ts';
import { createCaller } from '../../core/routers/_app.ts';
import type { CoreServices } from '../../core/services/index.ts';
import type { PaymentFacilitator, SettleOutcome } from '../../core/services/purchase/facilitator-port.ts';
import { service } from '../helpers/root-hooks.ts';
import { NETWORK, PAY_TO, paymentsOf, USDC } from './paid-app.ts';

const PAYER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** A facilitator port that verifies everything and settles as told, counting its calls. */
function fakeFacilitator(settle: () => SettleOutcome) {
  const calls = { open: 0, verify: 0, settle: 0 };
  const port: PaymentFacilitator = {
    open() {
      calls.open += 1;
      return Promise.resolve({
        kind: 'open',
        server: {
          paymentRequired: () => Promise.resolve('terms-header'),
          verify: () => {
            calls.verify += 1;
            return Promise.resolve({
              kind: 'verified',
              settle: () => {
                calls.settle += 1;
                return Promise.resolve(settle());
              },
              requirements: { scheme: 'exact', network: NETWORK },
            });
          },
          receiptHeaders: () => ({ 'PAYMENT-RESPONSE': 'rebuilt' }),
        },
      });
    },
    resettle: () => Promise.resolve(settle()),
  };
  return { port, calls };
}

/** The procedure as the x402 adapter calls it, on services selling the reference over `facilitator`. */
function purchaseOn(facilitator: PaymentFacilitator): { context: Context; call: (input: unknown) => Promise<unknown> } {
  const { database, config, services } = service();
  const selling: CoreServices = {
    ...services,
    payments: {
      configured: true,
      terms: {
        network: NETWORK,
        asset: USDC,
        assetName: 'USDC',
        assetVersion: '2',
        payTo: PAY_TO,
        maxTimeoutSeconds: 300,
        identifierRequired: false,
        pendingRetryAfterSeconds: 30,
      },
    },
    paymentFacilitator: facilitator,
    agentReference: () => ({ content: '# The reference', revision: 'sha256:0', sections: [] }),
  };
  const context = createContextInner({
    em: database.orm.em,
    urls: { site: config.siteUrl, base: config.baseUrl },
    services: selling,
    log: createLogger('silent'),
    requestId: 'test-purchase',
    clientAddress: `198.51.100.${1 + Math.floor(Math.random() * 250)}`,
  });
  const caller = createCaller(context);
  return { context, call: (input) => caller.protocols.x402.purchasePaidReference(input as never) };
}

/** One pass of the settlement reconciler as the system, over `facilitator`. */
function reconcileOn(facilitator: PaymentFacilitator) {
  const { database, config, services } = service();
  const caller = createCaller(
    createContextInner({
      em: database.orm.em,
      urls: { site: config.siteUrl, base: config.baseUrl },
      services: { ...services, paymentFacilitator: facilitator },
      log: createLogger('silent'),
      requestId: 'test-reconcile',
      principal: { kind: 'system' },
    }),
  );
  return () => caller.infrastructure.payments.reconcilePending({ limit: 1000, include_not_due: true });
}

function request(payment: unknown) {
  return {
    request: {
      url: `${service().config.baseUrl}/v1/agent/paid-reference`,
      path: '/api/v1/agent/paid-reference',
      userAgent: 'test',
    },
    payment,
  };
}

function presented(validBefore = '99999999999') {
  const nonce = `0x${randomBytes(32).toString('hex')}`;
  return {
    nonce,
    payment: {
      kind: 'present',
      header: Buffer.from(
        JSON.stringify({
          x402Version: 2,
          payload: { signature: `0x${'12'.repeat(65)}`, authorization: { nonce, validBefore } },
        }),
      ).toString('base64'),
      authorization: { from: PAYER, to: PAY_TO, value: '1000000', nonce },
    },
  };
}

describe('protocols.x402.purchasePaidReference: the purchase over the facilitator port', () => {
  it('answers an unpaid request with the port terms, spending no budget, verifying and settling nothing', async () => {
    const fake = fakeFacilitator(() => expect.fail('no settle'));
    const { context, call } = purchaseOn(fake.port);
    const answer = (await call(request({ kind: 'absent' }))) as Record<string, unknown>;
    expect(answer).to.include({
      outcome: 'payment_required',
      code: 'PAYMENT_REQUIRED',
      payment_required: 'terms-header',
    });
    expect(fake.calls).to.deep.equal({ open: 1, verify: 0, settle: 0 });
    expect(Object.keys(context.response.headers)).to.deep.equal([]);
  });

  it('runs a presented payment end to end: budget, reservation, verify, settle, receipt, the reference', async () => {
    const fake = fakeFacilitator(() => ({
      kind: 'settled',
      transaction: `0x${'AB'.repeat(32)}`,
      payer: undefined,
      headers: { 'PAYMENT-RESPONSE': 'receipt' },
    }));
    const { context, call } = purchaseOn(fake.port);
    const { nonce, payment } = presented();
    const answer = await call(request(payment));
    expect(answer).to.deep.include({
      outcome: 'paid',
      content: '# The reference',
      headers: { 'PAYMENT-RESPONSE': 'receipt' },
    });
    expect(fake.calls).to.deep.equal({ open: 1, verify: 1, settle: 1 });
    expect(Object.keys(context.response.headers).some((name) => name.startsWith('RateLimit'))).to.equal(true);
    const [receipt] = await paymentsOf(nonce);
    expect(receipt).to.include({ state: 'settled', payer: PAYER.toLowerCase(), transaction: `0x${'ab'.repeat(32)}` });
  });

  it('keeps a payment whose settlement outcome the port could not tell (503 pending, recorded settlement_pending)', async () => {
    const fake = fakeFacilitator(() => ({
      kind: 'failed',
      error: new Error('timed out mid-settle'),
      fault: { operation: 'settle', kind: 'unavailable', outcomeUnknown: true },
    }));
    const { call } = purchaseOn(fake.port);
    const { nonce, payment } = presented();
    const error = await call(request(payment)).then(
      () => expect.fail('expected a refusal'),
      (thrown: unknown) => thrown,
    );
    expect(error).to.be.instanceOf(AppError);
    expect((error as AppError).appCode).to.equal('PAYMENT_SETTLEMENT_PENDING');
    expect((error as AppError).headers).to.include({ 'Retry-After': '30' });
    const [kept] = await paymentsOf(nonce);
    expect(kept).to.include({
      state: 'settlement_pending',
      failure: 'settle outcome unknown: timed out mid-settle',
    });
  });

  it('releases a payment the port says never reached the facilitator (503 with Retry-After)', async () => {
    const fake = fakeFacilitator(() => ({
      kind: 'failed',
      error: new Error('connection refused'),
      fault: { operation: 'settle', kind: 'unavailable', outcomeUnknown: false },
    }));
    const { call } = purchaseOn(fake.port);
    const { nonce, payment } = presented();
    const error = (await call(request(payment)).catch((thrown: unknown) => thrown)) as AppError;
    expect(error.appCode).to.equal('PAYMENT_FACILITATOR_UNAVAILABLE');
    expect(error.headers).to.include({ 'Retry-After': '5' });
    expect(await paymentsOf(nonce)).to.have.length(0);
  });

  it('refuses a malformed payment after the terms, before any budget or reservation', async () => {
    const fake = fakeFacilitator(() => expect.fail('no settle'));
    const { context, call } = purchaseOn(fake.port);
    const error = (await call(request({ kind: 'malformed', reason: 'not base64' })).catch(
      (thrown: unknown) => thrown,
    )) as AppError;
    expect(error.appCode).to.equal('PAYMENT_INVALID');
    expect(error.message).to.equal('Invalid PAYMENT-SIGNATURE: not base64.');
    expect(Object.keys(context.response.headers)).to.deep.equal([]);
  });

  it('reconciles by the facilitator word: a refusal about the nonce stays pending (it may have moved), another refusal fails it', async () => {
    let answer: SettleOutcome = {
      kind: 'failed',
      error: new Error('timed out mid-settle'),
      fault: { operation: 'settle', kind: 'unavailable', outcomeUnknown: true },
    };
    const fake = fakeFacilitator(() => answer);
    const { call } = purchaseOn(fake.port);
    const { nonce, payment } = presented();
    await call(request(payment)).catch(() => undefined);
    const [pending] = await paymentsOf(nonce);
    const reconcile = reconcileOn(fake.port);

    answer = {
      kind: 'refused',
      reason: 'invalid_exact_evm_payload_authorization_nonce_used',
      transaction: undefined,
      headers: {},
    };
    let change = (await reconcile()).changes.find((each) => each.payment_id === pending!.id);
    expect(change).to.include({ from: 'settlement_pending', to: 'settlement_pending' });
    const [kept] = await paymentsOf(nonce);
    expect(kept).to.include({ state: 'settlement_pending', settle_attempts: 1 });
    expect(kept!.last_error).to.contain('nonce_used');
    expect(kept!.next_attempt_at).to.be.a('string');

    answer = { kind: 'failed', error: new Error('facilitator 502'), fault: undefined };
    change = (await reconcile()).changes.find((each) => each.payment_id === pending!.id);
    expect(change).to.include({ to: 'settlement_pending' });

    answer = { kind: 'refused', reason: 'insufficient_funds', transaction: undefined, headers: {} };
    change = (await reconcile()).changes.find((each) => each.payment_id === pending!.id);
    expect(change).to.include({ to: 'failed' });
    expect((await paymentsOf(nonce))[0]).to.include({ state: 'failed', settle_attempts: 3 });
    // Failed is final: a later pass does not claim it.
    expect((await reconcile()).changes.map((each) => each.payment_id)).not.to.include(pending!.id);
  });

  it('stops asking once the authorization expired more than an hour ago without a confirmation: the operator resolves it', async () => {
    let answer: SettleOutcome = {
      kind: 'failed',
      error: new Error('timed out mid-settle'),
      fault: { operation: 'settle', kind: 'unavailable', outcomeUnknown: true },
    };
    const fake = fakeFacilitator(() => answer);
    const { call } = purchaseOn(fake.port);
    // validBefore 1 000 000 s after 1970: long over.
    const { nonce, payment } = presented('1000000');
    await call(request(payment)).catch(() => undefined);
    const [pending] = await paymentsOf(nonce);
    answer = {
      kind: 'refused',
      reason: 'invalid_exact_evm_payload_authorization_valid_before',
      transaction: undefined,
      headers: {},
    };
    const reconcile = reconcileOn(fake.port);
    const change = (await reconcile()).changes.find((each) => each.payment_id === pending!.id);
    expect(change).to.include({ to: 'settlement_pending' });
    const [kept] = await paymentsOf(nonce);
    expect(kept).to.include({ state: 'settlement_pending', next_attempt_at: null });
    expect(kept!.last_error).to.contain('no more automatic attempts');
    expect((await reconcile()).changes.map((each) => each.payment_id)).not.to.include(pending!.id);
  });
});
