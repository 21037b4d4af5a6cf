import { expect } from 'chai';
import { createLogger } from '../../core/logger.ts';
import { systemClock } from '../../core/clock.ts';
import { recordSettled, recordUnsettled, reservePayment } from '../../core/services/purchase/payment-ledger.ts';
import type { RunningService } from '../../scripts/compose/start-service.ts';
import { runAdmin as admin } from '../helpers/admin-command.ts';
import { service } from '../helpers/root-hooks.ts';
import { freshDataDir, startTestService, testConfig } from '../helpers/test-service.ts';
import { startLocalFacilitator, type LocalFacilitator } from '../../scripts/dev/local-facilitator.ts';

const PAYER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const TRANSACTION = `0x${'ab'.repeat(32)}`;

/** One settled and one failed payment, written through the payment ledger of the purchase (as a paid request would). */
async function seedPayments(
  running: RunningService,
): Promise<{ settledId: string; failedId: string; pendingId: string; nonce: string }> {
  const ledger = {
    sql: running.database.orm.em,
    clock: systemClock,
    log: createLogger('silent'),
    services: running.services,
  };
  const reserve = (nonce: string, payload?: Record<string, unknown>) =>
    reservePayment(ledger, {
      payload,
      network: 'eip155:84532',
      payer: PAYER,
      pay_to: '0x2222222222222222222222222222222222222222',
      asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
      amount: '1000000',
      nonce,
      resource: 'http://localhost/api/v1/agent/paid-reference',
      checkout_session_id: null,
    });
  const nonce = `0x${Date.now().toString(16).padStart(64, '0')}`;
  const settledId = await reserve(nonce);
  await recordSettled(ledger, settledId, { transaction: TRANSACTION, payer: PAYER });
  const failedId = await reserve(`0x${'f'.repeat(50)}${Date.now().toString(16).padStart(14, '0')}`);
  await recordUnsettled(ledger, failedId, {
    outcome: 'failed',
    failure: 'settle outcome unknown: timed out',
    transaction: `0x${'cd'.repeat(32)}`,
  });
  // A pending settlement whose stored payload the facilitator will refuse (it is no payment at all).
  const pendingId = await reserve(`0x${'e'.repeat(50)}${Date.now().toString(16).padStart(14, '0')}`, {
    x402Version: 2,
  });
  await recordUnsettled(ledger, pendingId, {
    outcome: 'settlement_pending',
    failure: 'settle outcome unknown: timed out',
    transaction: null,
    requirements: { scheme: 'exact', network: 'eip155:84532' },
    validBefore: null,
    nextAttemptAt: new Date(),
  });
  return { settledId, failedId, pendingId, nonce };
}

describe('npm run admin -- list-payments-received', function () {
  this.timeout(180_000);
  let env: Record<string, string>;
  let seeded: Awaited<ReturnType<typeof seedPayments>>;
  let facilitator: LocalFacilitator;
  after(() => facilitator.close());
  before(async () => {
    facilitator = await startLocalFacilitator('eip155:84532');
    if (process.env.DATABASE_URL) {
      env = { DATABASE_URL: process.env.DATABASE_URL, PAYMENT_FACILITATOR_URL: facilitator.url };
      seeded = await seedPayments(service());
    } else {
      // The embedded database allows one process per directory: seed it with a service, stop it, then run the command.
      const dataDir = freshDataDir();
      const seeding = await startTestService({ config: testConfig({ DATA_DIR: dataDir }) });
      try {
        seeded = await seedPayments(seeding);
      } finally {
        await seeding.stop();
      }
      env = { DATA_DIR: dataDir, PAYMENT_FACILITATOR_URL: facilitator.url };
    }
  });

  it('prints a table with the full transaction hash, newest first', async () => {
    const run = await admin(env, ['list-payments-received', '--limit', '1000']);
    expect(run.code, run.stderr).to.equal(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).to.match(
      /^CREATED\s+STATE\s+AMOUNT\s+NETWORK\s+PAYER\s+TRANSACTION\s+CHECKOUT\s+ID\s+ATTEMPTS\s+NEXT ATTEMPT\s+FAILURE$/,
    );
    const settled = lines.find((line) => line.includes(seeded.settledId))!;
    expect(settled).to.contain(TRANSACTION).and.to.contain('1.000000').and.to.contain('settled');
    const failed = lines.find((line) => line.includes(seeded.failedId))!;
    expect(failed).to.contain('failed').and.to.contain('settle outcome unknown');
    expect(lines.indexOf(failed)).to.be.lessThan(lines.indexOf(settled));
  });

  it('prints JSON with --json, filters with --state and bounds with --limit', async () => {
    const run = await admin(env, ['list-payments-received', '--json', '--state', 'settled', '--limit', '1000']);
    expect(run.code, run.stderr).to.equal(0);
    const { items } = JSON.parse(run.stdout) as {
      items: { id: string; state: string; transaction: string; amount: string }[];
    };
    expect(items.every((item) => item.state === 'settled')).to.equal(true);
    expect(items.find((item) => item.id === seeded.settledId)).to.include({
      transaction: TRANSACTION,
      amount: '1000000',
    });
    const one = await admin(env, ['list-payments-received', '--json', '--limit', '1']);
    expect((JSON.parse(one.stdout) as { items: unknown[] }).items).to.have.length(1);
  });

  it('lists settlement_pending payments with their attempts and next attempt; reconcile-payments resolves them and prints the change', async () => {
    const pending = await admin(env, ['list-payments-received', '--json', '--state', 'settlement_pending']);
    expect(pending.code, pending.stderr).to.equal(0);
    const { items } = JSON.parse(pending.stdout) as { items: { id: string; settle_attempts: number }[] };
    expect(items.find((item) => item.id === seeded.pendingId)).to.include({ settle_attempts: 0 });

    const run = await admin(env, ['reconcile-payments']);
    expect(run.code, run.stderr).to.equal(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).to.match(/^PAYMENT\s+FROM\s+TO\s+TRANSACTION\s+NOTE$/);
    const line = lines.find((each) => each.includes(seeded.pendingId))!;
    expect(line).to.match(/settlement_pending\s+failed/);
    expect(facilitator.calls.settle).to.be.greaterThan(0);
    const after = await admin(env, ['list-payments-received', '--json', '--state', 'failed', '--limit', '1000']);
    expect((JSON.parse(after.stdout) as { items: { id: string }[] }).items.map((item) => item.id)).to.include(
      seeded.pendingId,
    );
  });

  it('refuses a bad --limit or --state with the usage (exit 2)', async () => {
    const nowhere = { DATABASE_URL: 'postgres://nowhere.invalid/db' };
    const [limit, state, help] = await Promise.all([
      admin(nowhere, ['list-payments-received', '--limit', '0']),
      admin(nowhere, ['list-payments-received', '--state', 'paid']),
      admin(nowhere, ['list-payments-received', '--help']),
    ]);
    expect(limit.code).to.equal(2);
    expect(limit.stderr).to.contain('--limit');
    expect(state.code).to.equal(2);
    expect(state.stderr).to.contain('--state');
    expect(help.code).to.equal(0);
    expect(help.stdout).to.contain('list-payments-received');
  });
});
