import { encodePaymentSignatureHeader } from '@x402/core/http';
import { expect } from 'chai';
import type { Config } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { startLocalFacilitator, type LocalFacilitator } from '../../scripts/dev/local-facilitator.ts';
import { composeServices } from '../../scripts/compose/compose-services.ts';
import { withPaymentFacilitator } from '../../scripts/compose/payment-facilitator.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { canceledLog, startChainDouble, transferLog, usedLog, type ChainDouble } from './chain-double.ts';
import { NETWORK, paymentsOf, paymentVariables, startPaidApp, type PaidApp } from './paid-app.ts';
import { paymentRequiredOf, signPayment } from './payer.ts';

type Json = Record<string, unknown>;

/** The periodic reconciler is out of the way: the tests run its passes. */
const VARIABLES = { PAYMENT_FACILITATOR_TIMEOUT_MS: '1000', PAYMENT_RECONCILE_INTERVAL_MS: '3600000' };

/** One reconciler instance composed as the worker composes it (facilitator and, with PAYMENT_RPC_URL, the chain). */
function reconcilerOf(config: Config) {
  const { database } = service();
  const services = withPaymentFacilitator(composeServices({ database, config }), config);
  const caller = systemCaller({ orm: database.orm, services, config, log: createLogger('silent') });
  return () => caller.infrastructure.payments.reconcilePending({ limit: 1000, include_not_due: true });
}

describe('settlement recovery reads the chain (PAYMENT_RPC_URL): an open settlement ends settled or failed', function () {
  this.timeout(60_000);
  let facilitator: LocalFacilitator;
  let chain: ChainDouble;
  let app: PaidApp;
  before(async () => {
    facilitator = await startLocalFacilitator(NETWORK);
    chain = await startChainDouble();
    app = await startPaidApp(paymentVariables(facilitator.url, { ...VARIABLES, PAYMENT_RPC_URL: chain.url }));
  });
  after(async () => {
    await app.close();
    await chain.close();
    await facilitator.close();
  });
  beforeEach(() => {
    chain.fault = undefined;
    chain.setTime(BigInt(Math.floor(Date.now() / 1000)));
  });

  const pay = (header: string) => request<Json>(app.endpoint, { headers: { 'PAYMENT-SIGNATURE': header } });

  /**
   * A payment left `settlement_pending` by `fault` (`pending`: the facilitator named its broadcast
   * transaction; `error500`: no transaction known), and what the chain is asked about it.
   */
  async function pendingPayment(fault: 'pending' | 'error500') {
    const { payload } = await signPayment(paymentRequiredOf((await request(app.endpoint)).headers));
    const header = encodePaymentSignatureHeader(payload);
    const authorization = payload.payload.authorization as { nonce: string; validBefore: string };
    facilitator.faults.settle = fault;
    try {
      expectErrorMessage(await pay(header), 503, 'PAYMENT_SETTLEMENT_PENDING');
    } finally {
      delete facilitator.faults.settle;
    }
    const nonce = authorization.nonce.toLowerCase();
    const [row] = await paymentsOf(nonce);
    expect(row).to.include({ state: 'settlement_pending' });
    return { header, nonce, row: row!, validBefore: BigInt(authorization.validBefore) };
  }

  /** One reconciler pass while the facilitator answers 500 (it leaves every payment open): the chain decides. */
  async function reconcileWithoutFacilitator(paymentId: string) {
    facilitator.faults.settle = 'error500';
    try {
      const pass = await reconcilerOf(app.config)();
      return pass.changes.find((change) => change.payment_id === paymentId);
    } finally {
      delete facilitator.faults.settle;
    }
  }

  const usedKey = (row: { asset: string; payer: string }, nonce: string) =>
    `${row.asset}:${row.payer}:${nonce}`.toLowerCase();

  it("the facilitator's transaction mined with this authorization's Transfer: settled with it, the content on the same signature", async () => {
    const { header, nonce, row } = await pendingPayment('pending');
    expect(row.transaction).to.match(/^0x[0-9a-f]{64}$/);
    chain.mine(
      [usedLog(row.asset, row.payer, nonce), transferLog(row.asset, row.payer, row.pay_to, BigInt(row.amount))],
      { hash: row.transaction! },
    );
    chain.used.add(usedKey(row, nonce));
    const change = await reconcileWithoutFacilitator(row.id);
    expect(change).to.include({ to: 'settled', transaction: row.transaction });
    expect((await paymentsOf(nonce))[0]).to.include({ state: 'settled', transaction: row.transaction });
    expect((await pay(header)).status).to.equal(200);
  });

  for (const mismatch of ['value', 'recipient', 'asset', 'nonce'] as const) {
    it(`a receipt whose Transfer or AuthorizationUsed has another ${mismatch}: not settled, still pending`, async () => {
      const { nonce, row } = await pendingPayment('pending');
      const other = '0x3333333333333333333333333333333333333333';
      const amount = BigInt(row.amount);
      const asset = mismatch === 'asset' ? other : row.asset;
      chain.mine(
        [
          usedLog(asset, row.payer, mismatch === 'nonce' ? `0x${'ab'.repeat(32)}` : nonce),
          transferLog(
            asset,
            row.payer,
            mismatch === 'recipient' ? other : row.pay_to,
            mismatch === 'value' ? amount + 1n : amount,
          ),
        ],
        { hash: row.transaction! },
      );
      const change = await reconcileWithoutFacilitator(row.id);
      expect(change).to.include({ to: 'settlement_pending' });
      const [after] = await paymentsOf(nonce);
      expect(after).to.include({ state: 'settlement_pending' });
      expect(after!.last_error).to.contain('not used on chain yet');
      expect(after!.next_attempt_at).to.not.equal(null);
    });
  }

  it('a reverted transaction: pending while the authorization can still execute, failed once the chain is past validBefore', async () => {
    const { header, nonce, row, validBefore } = await pendingPayment('pending');
    chain.mine([], { hash: row.transaction!, status: 'reverted' });
    expect(await reconcileWithoutFacilitator(row.id)).to.include({ to: 'settlement_pending' });
    chain.setTime(validBefore + 3600n);
    const change = await reconcileWithoutFacilitator(row.id);
    expect(change).to.include({ to: 'failed' });
    const [after] = await paymentsOf(nonce);
    expect(after).to.include({ state: 'failed' });
    expect(after!.failure).to.contain('expired unused');
    expectErrorMessage(await pay(header), 402, 'PAYMENT_REJECTED');
  });

  it('no transaction known, the nonce used: the AuthorizationUsed transaction found in a bounded range, settled with it', async () => {
    const { nonce, row } = await pendingPayment('error500');
    expect(row.transaction).to.equal(null);
    // Unrelated transfers of the same amount from the payer (another payment) are never taken for this one.
    chain.mine([transferLog(row.asset, row.payer, row.pay_to, BigInt(row.amount))]);
    chain.setTime(BigInt(Math.floor(Date.now() / 1000)) + 20n);
    const transaction = chain.mine([
      usedLog(row.asset, row.payer, nonce),
      transferLog(row.asset, row.payer, row.pay_to, BigInt(row.amount)),
    ]);
    chain.used.add(usedKey(row, nonce));
    chain.logRanges.length = 0;
    const change = await reconcileWithoutFacilitator(row.id);
    expect(change).to.include({ to: 'settled', transaction });
    expect((await paymentsOf(nonce))[0]).to.include({ state: 'settled', transaction });
    expect(chain.logRanges).to.have.length.greaterThan(0);
    for (const range of chain.logRanges) expect(Number(range.to - range.from)).to.be.lessThan(1000);
  });

  it('two reconcilers at once over a payment the chain settles: one transition', async () => {
    const { nonce, row } = await pendingPayment('error500');
    const transaction = chain.mine([
      usedLog(row.asset, row.payer, nonce),
      transferLog(row.asset, row.payer, row.pay_to, BigInt(row.amount)),
    ]);
    chain.used.add(usedKey(row, nonce));
    facilitator.faults.settle = 'error500';
    let passes;
    try {
      passes = await Promise.all([reconcilerOf(app.config)(), reconcilerOf(app.config)()]);
    } finally {
      delete facilitator.faults.settle;
    }
    const settled = passes.flatMap((pass) => pass.changes).filter((change) => change.payment_id === row.id);
    expect(settled.filter((change) => change.to === 'settled')).to.have.length(1);
    expect((await paymentsOf(nonce))[0]).to.include({ state: 'settled', transaction });
  });

  it('the nonce used by the payer cancelling the authorization: failed, with that reason', async () => {
    const { header, nonce, row } = await pendingPayment('error500');
    const transaction = chain.mine([canceledLog(row.asset, row.payer, nonce)]);
    chain.used.add(usedKey(row, nonce));
    const change = await reconcileWithoutFacilitator(row.id);
    expect(change).to.include({ to: 'failed' });
    const [after] = await paymentsOf(nonce);
    expect(after).to.include({ state: 'failed' });
    expect(after!.failure).to.contain('cancelled').and.to.contain(transaction);
    expectErrorMessage(await pay(header), 402, 'PAYMENT_REJECTED');
  });

  it('the nonce used but neither its transfer nor its cancellation found: pending, the note names the blocks searched', async () => {
    const { nonce, row } = await pendingPayment('error500');
    chain.used.add(usedKey(row, nonce));
    expect(await reconcileWithoutFacilitator(row.id)).to.include({ to: 'settlement_pending' });
    const [after] = await paymentsOf(nonce);
    expect(after!.last_error).to.match(/no AuthorizationUsed or AuthorizationCanceled was found in blocks \d+ to \d+/);
  });

  it('unused: pending before validBefore, failed once the chain is past it', async () => {
    const { nonce, row, validBefore } = await pendingPayment('error500');
    expect(await reconcileWithoutFacilitator(row.id)).to.include({ to: 'settlement_pending' });
    expect((await paymentsOf(nonce))[0]!.last_error).to.contain('not used on chain yet');
    // Just past validBefore: a reorg could still bring the transfer back; not decided yet.
    chain.setTime(validBefore + 10n);
    expect(await reconcileWithoutFacilitator(row.id)).to.include({ to: 'settlement_pending' });
    chain.setTime(validBefore + 600n);
    expect(await reconcileWithoutFacilitator(row.id)).to.include({ to: 'failed' });
    expect((await paymentsOf(nonce))[0]).to.include({ state: 'failed', transaction: null });
  });

  it('the endpoint down: pending, last_error says so without the URL, the next attempt scheduled', async () => {
    const { nonce, row } = await pendingPayment('pending');
    chain.fault = 'error500';
    expect(await reconcileWithoutFacilitator(row.id)).to.include({ to: 'settlement_pending' });
    const [after] = await paymentsOf(nonce);
    expect(after).to.include({ state: 'settlement_pending' });
    expect(after!.last_error).to.contain('chain read failed').and.to.contain('PAYMENT_RPC_URL');
    expect(after!.last_error).to.not.contain(chain.url.replace('http://', ''));
    expect(after!.next_attempt_at).to.not.equal(null);
  });

  it('an endpoint of another chain is never believed: pending, last_error names the chain', async () => {
    const other = await startChainDouble();
    other.chainId = 8453;
    const elsewhere = await startPaidApp(
      paymentVariables(facilitator.url, { ...VARIABLES, PAYMENT_RPC_URL: other.url }),
    );
    try {
      const { nonce, row } = await pendingPayment('error500');
      other.used.add(usedKey(row, nonce));
      other.mine([canceledLog(row.asset, row.payer, nonce)]);
      facilitator.faults.settle = 'error500';
      try {
        await reconcilerOf(elsewhere.config)();
      } finally {
        delete facilitator.faults.settle;
      }
      const [after] = await paymentsOf(nonce);
      expect(after).to.include({ state: 'settlement_pending' });
      expect(after!.last_error).to.contain('serves eip155:8453');
      expect(other.calls.eth_call ?? 0).to.equal(0);
    } finally {
      await elsewhere.close();
      await other.close();
    }
  });

  it('the facilitator confirming first: settled without asking the chain', async () => {
    const { nonce, row } = await pendingPayment('pending');
    const calls = { ...chain.calls };
    const pass = await reconcilerOf(app.config)();
    expect(pass.changes.find((change) => change.payment_id === row.id)).to.include({ to: 'settled' });
    expect((await paymentsOf(nonce))[0]).to.include({ state: 'settled' });
    expect(chain.calls).to.deep.equal(calls);
  });
});
