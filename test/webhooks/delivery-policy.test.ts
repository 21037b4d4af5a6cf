import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { ConfigError, loadConfig } from '../../core/config.ts';
import { deliveryShares } from '../../core/webhook-config.ts';
import { decideOutcome, retryAfterMs } from '../../core/services/webhooks/retry-policy.ts';
import { webhookHeaders } from '../../core/services/webhooks/signature.ts';

describe('webhook delivery: schedule, outcome decisions and signatures (pure)', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const schedule = [0, 5_000, 300_000];
  const half = () => 0.5; // no jitter

  it('WEBHOOK_RETRY_SCHEDULE: the default, a custom list, and refusals naming the bad slot', () => {
    expect(loadConfig({}).webhookDelivery.retryScheduleMs).to.deep.equal([
      0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
    ]);
    expect(loadConfig({ WEBHOOK_RETRY_SCHEDULE: '0s, 50ms,1m,1d' }).webhookDelivery.retryScheduleMs).to.deep.equal([
      0, 50, 60_000, 86_400_000,
    ]);
    for (const bad of ['5', '5x', '2d', '1s,,2s', '-1s']) {
      expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE: bad }), bad).to.throw(ConfigError, /WEBHOOK_RETRY_SCHEDULE/);
    }
    expect(loadConfig({ WEBHOOK_WORKER: 'false' }).webhookDelivery.worker).to.equal(false);
  });

  it('WEBHOOK_CONCURRENCY: 64 by default, a whole number from 1 to 100', () => {
    expect(loadConfig({}).webhookDelivery.concurrency).to.equal(64);
    expect(loadConfig({ WEBHOOK_CONCURRENCY: '8' }).webhookDelivery.concurrency).to.equal(8);
    for (const bad of ['0', '101', '2.5', 'many', '-1']) {
      expect(() => loadConfig({ WEBHOOK_CONCURRENCY: bad }), bad).to.throw(ConfigError, /WEBHOOK_CONCURRENCY/);
    }
  });

  it('WEBHOOK_BUSINESS_CONCURRENCY and WEBHOOK_ENDPOINT_CONCURRENCY: half of the slots, three quarters of that; refused beyond what contains them', () => {
    const shares = (env: Record<string, string>) => {
      const { concurrency, shares: explicit } = loadConfig(env).webhookDelivery;
      return deliveryShares(concurrency, explicit);
    };
    expect(shares({})).to.deep.equal({ perBusiness: 32, perEndpoint: 24 });
    expect(shares({ WEBHOOK_CONCURRENCY: '4' })).to.deep.equal({ perBusiness: 2, perEndpoint: 2 });
    expect(shares({ WEBHOOK_BUSINESS_CONCURRENCY: '40', WEBHOOK_ENDPOINT_CONCURRENCY: '10' })).to.deep.equal({
      perBusiness: 40,
      perEndpoint: 10,
    });
    expect(() => loadConfig({ WEBHOOK_CONCURRENCY: '8', WEBHOOK_BUSINESS_CONCURRENCY: '9' })).to.throw(
      ConfigError,
      /WEBHOOK_BUSINESS_CONCURRENCY/,
    );
    expect(() => loadConfig({ WEBHOOK_ENDPOINT_CONCURRENCY: '33' })).to.throw(
      ConfigError,
      /WEBHOOK_ENDPOINT_CONCURRENCY/,
    );
    expect(() => loadConfig({ WEBHOOK_CONNECT_TIMEOUT_MS: '50' })).to.throw(ConfigError, /WEBHOOK_CONNECT_TIMEOUT_MS/);
    expect(loadConfig({}).webhookDelivery.connectTimeoutMs).to.equal(5000);
  });

  it('WEBHOOK_POLL_MS: 500 by default, whole milliseconds from 50 to 60000', () => {
    expect(loadConfig({}).webhookDelivery.pollMs).to.equal(500);
    expect(loadConfig({ WEBHOOK_POLL_MS: '60000' }).webhookDelivery.pollMs).to.equal(60_000);
    for (const bad of ['49', '60001', '2.5', 'often', '-1']) {
      expect(() => loadConfig({ WEBHOOK_POLL_MS: bad }), bad).to.throw(ConfigError, /WEBHOOK_POLL_MS/);
    }
  });

  it('2xx delivers; other answers and errors wait for the next slot; after the last slot the delivery fails', () => {
    expect(decideOutcome({ result: { status: 204 }, attempts: 1, schedule, now })).to.deep.equal({
      state: 'delivered',
    });
    const retry = decideOutcome({ result: { status: 500 }, attempts: 1, schedule, now, random: half });
    expect(retry).to.deep.include({ state: 'pending', error: 'HTTP 500' });
    expect((retry as { nextAttemptAt: Date }).nextAttemptAt.getTime() - now.getTime()).to.equal(5_000);
    const redirect = decideOutcome({ result: { status: 302 }, attempts: 2, schedule, now, random: half });
    expect(redirect.state).to.equal('pending');
    expect(decideOutcome({ result: { error: 'timed out' }, attempts: 3, schedule, now })).to.deep.equal({
      state: 'failed',
      error: 'timed out',
    });
  });

  it('jitter stays within ±10 % of the slot', () => {
    for (const random of [() => 0, () => 0.999]) {
      const outcome = decideOutcome({ result: { status: 500 }, attempts: 2, schedule, now, random });
      const wait = (outcome as { nextAttemptAt: Date }).nextAttemptAt.getTime() - now.getTime();
      expect(wait).to.be.within(270_000, 330_000);
    }
  });

  it('410 disables the endpoint; 429/503 wait for Retry-After, bounded to an hour', () => {
    expect(decideOutcome({ result: { status: 410 }, attempts: 1, schedule, now })).to.include({
      state: 'failed',
      disableEndpoint: 'The endpoint answered 410 Gone.',
    });
    const asked = decideOutcome({ result: { status: 429, retryAfter: '120' }, attempts: 1, schedule, now });
    expect((asked as { nextAttemptAt: Date }).nextAttemptAt.toISOString()).to.equal('2026-11-26T12:02:00.000Z');
    const huge = decideOutcome({ result: { status: 503, retryAfter: '999999' }, attempts: 1, schedule, now });
    expect((huge as { nextAttemptAt: Date }).nextAttemptAt.toISOString()).to.equal('2026-11-26T13:00:00.000Z');
    expect(retryAfterMs('Thu, 26 Nov 2026 12:00:30 GMT', now)).to.equal(30_000);
    expect(retryAfterMs('soon', now)).to.equal(undefined);
  });

  it('signs as Standard Webhooks: the reference library verifies with either listed secret', () => {
    const current = 'whsec_' + Buffer.alloc(32, 1).toString('base64');
    const previous = 'whsec_' + Buffer.alloc(32, 2).toString('base64');
    const body = '{"id":"e1","type":"customer.created"}';
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders({ id: 'msg_1', timestamp, body, secrets: [current, previous] });
    expect(new Webhook(current).verify(body, headers)).to.deep.equal(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).to.deep.equal(JSON.parse(body));
    expect(() => new Webhook(current).verify(body + ' ', headers)).to.throw();
  });
});
