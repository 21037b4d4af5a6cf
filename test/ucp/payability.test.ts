import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Clock } from '../../core/clock.ts';
import { createContextInner, type Principal } from '../../core/context.ts';
import { AppError } from '../../core/errors/index.ts';
import { createLogger } from '../../core/logger.ts';
import { createCaller } from '../../core/routers/_app.ts';
import {
  recordSettled,
  recordUnsettled,
  releasePayment,
  reservePayment,
} from '../../core/services/purchase/payment-ledger.ts';
import { markSessionPaid, payableSession } from '../../core/services/ucp/payability.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { ucpAgentHeaders } from '../helpers/ucp-checkout.ts';

/** A clock the test moves: every call below reads it. */
class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(minutes: number): void {
    this.offsetMs += minutes * 60_000;
  }
}

/**
 * The procedures as an adapter's anonymous request reaches them (the invoker), on `clock`, with the
 * UCP-Agent header a checkout operation requires (`ucpAgent`, the run's platform profile).
 */
function caller(clock: Clock, ucpAgent?: string, principal: Principal = { kind: 'anonymous' }) {
  const { database, services, config } = service();
  return createCaller(
    createContextInner({
      em: database.orm.em,
      urls: { site: config.siteUrl, base: config.baseUrl },
      services,
      log: createLogger('silent'),
      requestId: 'test-ucp',
      principal,
      clock,
      ucpAgent,
    }),
  );
}

/**
 * The UCP side of a purchase as core/services/purchase/ runs it (the checkout check before a payment,
 * the completion after it), on `clock`, answering what the test reads.
 */
function checkoutSide(clock: Clock) {
  const { database } = service();
  const source = database.orm.em;
  return {
    async assertPayable({ session_id }: { session_id: string }) {
      const row = await payableSession(source, session_id, clock.now());
      return {
        session_id: row.id,
        amount_minor: 100,
        currency: 'USD',
        expires_at: new Date(row.expires_at).toISOString(),
      };
    },
    async markPaid(input: { session_id: string; payment_id: string; transaction?: string; payer?: string }) {
      const { row, recorded } = await markSessionPaid(source, {
        id: input.session_id,
        paymentId: input.payment_id,
        transaction: input.transaction ?? null,
        payer: input.payer ?? null,
        now: clock.now(),
      });
      return {
        session_id: row.id,
        status: 'completed' as const,
        payment_id: row.payment_id!,
        transaction: row.payment_transaction,
        payer: row.payment_payer,
        completed_at: new Date(row.completed_at!).toISOString(),
        recorded,
      };
    },
  };
}

/** The payment ledger of a purchase, on `clock`. */
function ledgerOn(clock: Clock) {
  const { database, services } = service();
  return { sql: database.orm.em, clock, log: createLogger('silent'), services };
}

async function expectCode(promise: Promise<unknown>, code: string): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    expect(cause, String(error)).to.be.instanceOf(AppError);
    expect((cause as AppError).appCode).to.equal(code);
    return cause as AppError;
  }
  expect.fail(`expected ${code}`);
}

describe('UCP checkout sessions: payable and paid (the purchase side)', () => {
  let clock: TestClock;
  let ucp: Pick<ReturnType<typeof caller>['protocols']['ucp'], 'createCheckout' | 'getCheckout'> & {
    deleteExpiredSessions: ReturnType<typeof caller>['infrastructure']['checkoutSessions']['sweepExpired'];
  } & ReturnType<typeof checkoutSide>;

  beforeEach(async () => {
    clock = new TestClock();
    const procedures = caller(clock, (await ucpAgentHeaders())['UCP-Agent']).protocols.ucp;
    ucp = {
      createCheckout: procedures.createCheckout,
      getCheckout: procedures.getCheckout,
      deleteExpiredSessions: caller(clock).infrastructure.checkoutSessions.sweepExpired,
      ...checkoutSide(clock),
    };
  });

  const newSession = async () => (await ucp.createCheckout({})).id;

  it('says what a payable session costs and until when', async () => {
    const id = await newSession();
    const payable = await ucp.assertPayable({ session_id: id });
    expect(payable).to.deep.include({ session_id: id, amount_minor: 100, currency: 'USD' });
    expect(Date.parse(payable.expires_at) - clock.now().getTime()).to.be.within(29 * 60_000, 30 * 60_000);
  });

  it('refuses an unknown session (RESOURCE_NOT_FOUND), for either call, uuid or not', async () => {
    await expectCode(ucp.assertPayable({ session_id: randomUUID() }), 'RESOURCE_NOT_FOUND');
    await expectCode(ucp.assertPayable({ session_id: 'nope' }), 'RESOURCE_NOT_FOUND');
    await expectCode(ucp.markPaid({ session_id: randomUUID(), payment_id: randomUUID() }), 'RESOURCE_NOT_FOUND');
    await expectCode(ucp.markPaid({ session_id: 'nope', payment_id: randomUUID() }), 'RESOURCE_NOT_FOUND');
  });

  it('completes a session with its receipt; the session then reads completed and is no longer payable', async () => {
    const id = await newSession();
    const paymentId = randomUUID();
    const paid = await ucp.markPaid({ session_id: id, payment_id: paymentId, transaction: '0xabc', payer: '0xdef' });
    expect(paid).to.deep.include({
      session_id: id,
      status: 'completed',
      payment_id: paymentId,
      transaction: '0xabc',
      payer: '0xdef',
      recorded: true,
    });
    const session = await ucp.getCheckout({ id });
    expect(session.status).to.equal('completed');
    expect(session.payment.receipt).to.deep.equal({
      payment_id: paymentId,
      transaction: '0xabc',
      payer: '0xdef',
      completed_at: paid.completed_at,
    });
    expect(session.order).to.deep.equal({
      id,
      permalink_url: `${service().config.baseUrl}/v1/agent/ucp/checkout/${id}`,
    });
    const error = await expectCode(ucp.assertPayable({ session_id: id }), 'CHECKOUT_SESSION_COMPLETED');
    expect(error.status).to.equal(409);
  });

  it('is idempotent for the same payment, and refuses a second payment (CHECKOUT_SESSION_COMPLETED)', async () => {
    const id = await newSession();
    const paymentId = randomUUID();
    const first = await ucp.markPaid({ session_id: id, payment_id: paymentId });
    const again = await ucp.markPaid({ session_id: id, payment_id: paymentId });
    expect(again).to.deep.equal({ ...first, recorded: false });
    await expectCode(ucp.markPaid({ session_id: id, payment_id: randomUUID() }), 'CHECKOUT_SESSION_COMPLETED');
  });

  it('lets exactly one of two concurrent payments complete a session', async () => {
    const id = await newSession();
    const payments = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const outcomes = await Promise.allSettled(
      payments.map((payment_id) => ucp.markPaid({ session_id: id, payment_id })),
    );
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(won).to.have.length(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') {
        expect(((outcome.reason as { cause?: AppError }).cause ?? outcome.reason).appCode).to.equal(
          'CHECKOUT_SESSION_COMPLETED',
        );
      }
    }
    const [row] = await sql<{ payment_id: string }>('select payment_id from ucp_checkout_sessions where id = ?', [id]);
    expect(row!.payment_id).to.equal((won[0] as PromiseFulfilledResult<{ payment_id: string }>).value.payment_id);
  });

  it('refuses a payment that already completed another session (PAYMENT_ALREADY_USED)', async () => {
    const paymentId = randomUUID();
    await ucp.markPaid({ session_id: await newSession(), payment_id: paymentId });
    await expectCode(ucp.markPaid({ session_id: await newSession(), payment_id: paymentId }), 'PAYMENT_ALREADY_USED');
  });

  it('refuses an expired session (CHECKOUT_SESSION_EXPIRED, 410), and it reads canceled', async () => {
    const id = await newSession();
    clock.advance(29);
    await ucp.assertPayable({ session_id: id });
    clock.advance(1);
    const error = await expectCode(ucp.assertPayable({ session_id: id }), 'CHECKOUT_SESSION_EXPIRED');
    expect(error.status).to.equal(410);
    expect((await ucp.getCheckout({ id })).status).to.equal('canceled');
  });

  it('completes a session whose payment settles after it expired: the reservation held it in time', async () => {
    const id = await newSession();
    clock.advance(31);
    const paid = await ucp.markPaid({ session_id: id, payment_id: randomUUID() });
    expect(paid.recorded).to.equal(true);
    expect((await ucp.getCheckout({ id })).status).to.equal('completed');
  });

  describe("one live payment per session (the purchase's reservation)", () => {
    let nonceCounter = 0;
    const reserveFor = async (sessionId: string) => ({
      payment_id: await reservePayment(ledgerOn(clock), {
        network: 'eip155:84532',
        payer: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
        pay_to: '0x2222222222222222222222222222222222222222',
        asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
        amount: '1000000',
        nonce: `0x${randomUUID().replaceAll('-', '')}${(nonceCounter++).toString(16).padStart(32, '0')}`,
        resource: 'http://localhost/api/v1/agent/paid-reference',
        checkout_session_id: sessionId,
      }),
    });
    // The shared service sells nothing (no payment variables): a session no payment holds reads `incomplete` there.
    const unheld = 'incomplete';

    it('refuses a second payment while one is reserved, and the session reads complete_in_progress', async () => {
      const id = await newSession();
      const first = await reserveFor(id);
      const error = await expectCode(reserveFor(id), 'CHECKOUT_SESSION_PAYMENT_IN_PROGRESS');
      expect(error.status).to.equal(409);
      await expectCode(ucp.assertPayable({ session_id: id }), 'CHECKOUT_SESSION_PAYMENT_IN_PROGRESS');
      const session = await ucp.getCheckout({ id });
      expect(session.status).to.equal('complete_in_progress');
      expect(session.messages.map((message) => message.code)).to.deep.equal(['payment_in_progress']);
      expect(session.payment.handoff.available).to.equal(false);
      expect(await releasePayment(ledgerOn(clock), first.payment_id)).to.equal(true);
      expect((await ucp.getCheckout({ id })).status).to.equal(unheld);
      await reserveFor(id);
    });

    it('lets exactly one of 10 concurrent reservations for one session through', async () => {
      const id = await newSession();
      const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => reserveFor(id)));
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).to.have.length(1);
      for (const outcome of outcomes)
        if (outcome.status === 'rejected')
          expect(((outcome.reason as { cause?: AppError }).cause ?? outcome.reason).appCode).to.equal(
            'CHECKOUT_SESSION_PAYMENT_IN_PROGRESS',
          );
    });

    it('keeps the session unpayable after an unknown outcome, frees it after a definite refusal', async () => {
      const unknown = await newSession();
      const held = await reserveFor(unknown);
      await recordUnsettled(ledgerOn(clock), held.payment_id, {
        outcome: 'settlement_pending',
        failure: 'timed out',
        transaction: null,
        requirements: {},
        validBefore: null,
        nextAttemptAt: clock.now(),
      });
      await expectCode(reserveFor(unknown), 'CHECKOUT_SESSION_PAYMENT_IN_PROGRESS');
      const session = await ucp.getCheckout({ id: unknown });
      expect(session.status).to.equal('complete_in_progress');
      expect(session.messages.map((message) => message.code)).to.deep.equal(['payment_outcome_unknown']);
      clock.advance(60);
      expect((await ucp.getCheckout({ id: unknown })).status, 'not canceled by expiry').to.equal(
        'complete_in_progress',
      );

      const refused = await newSession();
      const failed = await reserveFor(refused);
      await recordUnsettled(ledgerOn(clock), failed.payment_id, {
        outcome: 'failed',
        failure: 'settle refused: transaction_failed',
        transaction: '0xabc',
      });
      expect((await ucp.getCheckout({ id: refused })).status).to.equal(unheld);
      await reserveFor(refused);
    });

    it('refuses a payment for a session another payment settled (CHECKOUT_SESSION_COMPLETED)', async () => {
      const id = await newSession();
      const paid = await reserveFor(id);
      await recordSettled(ledgerOn(clock), paid.payment_id, {
        transaction: '0xabc',
        payer: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      });
      // Settled but not yet completed on the session (markPaid not run): already paid all the same.
      await expectCode(reserveFor(id), 'CHECKOUT_SESSION_COMPLETED');
      await expectCode(ucp.assertPayable({ session_id: id }), 'CHECKOUT_SESSION_COMPLETED');
      expect((await ucp.getCheckout({ id })).status).to.equal('complete_in_progress');
    });
  });

  it('has no REST mapping for either call: they are reached only through the invoker', async () => {
    for (const path of ['assert-payable', 'mark-paid', 'assertPayable', 'markPaid']) {
      const response = await fetch(`${service().url}/api/v1/agent/ucp/${path}`, { method: 'POST' });
      await response.arrayBuffer();
      expect(response.status, path).to.be.oneOf([404, 405]);
    }
  });

  it('sweeps sessions unpaid 7 days after they expired, and keeps paid ones and held ones (system only)', async () => {
    const unpaid = await newSession();
    const paid = await newSession();
    const recent = await newSession();
    const held = await newSession();
    await ucp.markPaid({ session_id: paid, payment_id: randomUUID() });
    await sql(
      `insert into payments_received (id, network, payer, pay_to, asset, amount, nonce, resource, checkout_session_id, state)
       values (?, 'eip155:84532', ?, ?, ?, '1000000', ?, 'http://localhost/', ?, 'settlement_pending')`,
      [
        randomUUID(),
        `0x${'7'.repeat(40)}`,
        `0x${'2'.repeat(40)}`,
        `0x${'3'.repeat(40)}`,
        `0x${randomUUID().replaceAll('-', '').repeat(2)}`,
        held,
      ],
    );
    await sql(`update ucp_checkout_sessions set expires_at = now() - interval '8 days' where id in (?, ?, ?)`, [
      unpaid,
      paid,
      held,
    ]);
    await sql(`update ucp_checkout_sessions set expires_at = now() - interval '6 days' where id = ?`, [recent]);
    await expectCode(ucp.deleteExpiredSessions({}), 'ROUTE_NOT_FOUND');
    const system = caller(clock, undefined, { kind: 'system' }).infrastructure.checkoutSessions;
    let deleted = 0;
    for (let round = 0; round < 100; round += 1) {
      const done = await system.sweepExpired({ limit: 1000 });
      deleted += done.deleted;
      if (done.deleted < 1000) break;
    }
    expect(deleted).to.be.at.least(1);
    const left = await sql<{ id: string }>('select id from ucp_checkout_sessions where id in (?, ?, ?, ?)', [
      unpaid,
      paid,
      recent,
      held,
    ]);
    expect(left.map((row) => row.id).sort()).to.deep.equal([paid, recent, held].sort());
  });
});
