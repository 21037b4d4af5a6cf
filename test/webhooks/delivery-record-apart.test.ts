import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { systemClock } from '../../core/clock.ts';
import { insertWebhookDelivery } from '../../core/services/webhooks/deliveries.query.ts';
import type { RecordedAttempt } from '../../core/services/webhooks/delivery-record.query.ts';
import { claimSigned } from '../../core/services/webhooks/dispatch/claim-signed.ts';
import type { WebhookDispatchDeps } from '../../core/services/webhooks/dispatch/dispatch-deps.ts';
import { recordFinished } from '../../core/services/webhooks/dispatch/record-finished.ts';
import { recordAttemptsApart, UNRECORDABLE_ATTEMPT } from '../../core/services/webhooks/record-attempts.ts';
import { createLogger } from '../../core/logger.ts';
import { service } from '../helpers/root-hooks.ts';
import { insertBusiness, insertEndpoint, rows } from './delivery-helpers.ts';

const SCHEDULE = [0, 60_000, 60_000];

/** The dispatch service's steps over the shared service's database; nothing is posted here. */
function dispatchDeps(): WebhookDispatchDeps {
  const running = service();
  return {
    em: running.database.orm.em,
    transport: { post: () => Promise.reject(new Error('nothing is posted in these tests')) },
    services: () => running.services,
    scheduleMs: SCHEDULE,
    leaseMs: 60_000,
    log: createLogger('silent'),
    clock: systemClock,
    urls: { site: running.config.siteUrl, base: running.config.baseUrl },
  };
}

/** A pending delivery to a fresh endpoint of `businessId`, claimed as the loop claims it. */
async function claimedDelivery(businessId: string) {
  const running = service();
  const endpoint = await insertEndpoint(running, businessId, 'https://receiver.example/hooks');
  const id = randomUUID();
  await insertWebhookDelivery(running.database.orm.em.fork(), {
    id,
    businessId,
    endpointId: endpoint.id,
    eventId: randomUUID(),
    eventType: 'customer.created',
    payload: '{}',
    now: new Date(),
  });
  const [claimed] = await claimSigned(dispatchDeps(), { deliveryId: id });
  return {
    endpointId: endpoint.id,
    attempt: {
      deliveryId: claimed!.id,
      businessId: claimed!.businessId,
      endpointId: claimed!.endpointId,
      lease: claimed!.lease,
      attemptsBefore: claimed!.attempts,
      durationMs: 12,
    },
  };
}

const stateOf = async (deliveryId: string) =>
  (
    await rows<{ state: string; attempts: number; last_error: string | null }>(
      service(),
      'select state, attempts, last_error from webhook_deliveries where id = ?',
      [deliveryId],
    )
  )[0];

/**
 * Recording attempts (the dispatch service's recordFinished), what the loop batches into: no attempt can undo the record of another in its batch, and text no caller made storable
 * is made storable here too.
 */
describe('webhook delivery: recording attempts apart', () => {
  it('an attempt whose delivery was deleted meanwhile does not undo the rest of its batch', async () => {
    const first = await insertBusiness(service());
    const second = await insertBusiness(service());
    const gone = await claimedDelivery(first);
    const healthy = await claimedDelivery(second);
    // The business deletes its endpoint while the attempt is in flight: its delivery goes by cascade.
    await rows(service(), 'delete from webhook_endpoints where id = ?', [gone.endpointId]);

    const deliveries = await recordFinished(dispatchDeps(), [
      { ...gone.attempt, status: 204 },
      { ...healthy.attempt, status: 204 },
    ]);
    expect(deliveries[0]).to.equal(undefined);
    expect(deliveries[1]).to.include({ state: 'delivered', attempts: 1 });
    expect(await stateOf(healthy.attempt.deliveryId)).to.include({ state: 'delivered', attempts: 1 });
  });

  it('NUL and unpaired surrogates from a caller are made storable; the batch records every attempt once', async () => {
    const business = await insertBusiness(service());
    const dirty = await claimedDelivery(business);
    const clean = await claimedDelivery(business);
    const deliveries = await recordFinished(dispatchDeps(), [
      { ...dirty.attempt, status: 500, responseBody: 'a\u0000b\uD800', error: 'x\u0000' },
      { ...clean.attempt, status: 204 },
    ]);
    expect(deliveries.map((delivery) => delivery?.state)).to.deep.equal(['pending', 'delivered']);
    const [attempt] = await rows<{ response_body: string; error: string }>(
      service(),
      'select response_body, error from webhook_attempts where delivery_id = ?',
      [dirty.attempt.deliveryId],
    );
    expect(attempt).to.deep.equal({ response_body: 'a\uFFFDb\uFFFD', error: 'x\uFFFD' });
    expect(await stateOf(dirty.attempt.deliveryId)).to.deep.equal({
      state: 'pending',
      attempts: 1,
      last_error: 'HTTP 500: x\uFFFD',
    });
  });

  it('an attempt the database refuses (NUL, below the guard) counts as a failed attempt with the reason', async () => {
    const business = await insertBusiness(service());
    const refused = await claimedDelivery(business);
    const healthy = await claimedDelivery(business);
    const now = new Date();
    const recorded = (claimed: typeof refused, body: string | undefined, error?: string): RecordedAttempt => ({
      deliveryId: claimed.attempt.deliveryId,
      businessId: claimed.attempt.businessId,
      endpointId: claimed.endpointId,
      lease: claimed.attempt.lease,
      attemptedAt: now,
      durationMs: 5,
      status: body === undefined ? undefined : 200,
      responseBody: body,
      error,
      outcome:
        body === undefined
          ? { state: 'pending', nextAttemptAt: new Date(now.getTime() + 60_000), error: error! }
          : { state: 'delivered' },
    });
    const attempts = [recorded(refused, 'raw\u0000'), recorded(healthy, 'fine')];
    const statuses = await recordAttemptsApart(
      service().database.orm.em.fork(),
      attempts,
      (index) => recorded(index === 0 ? refused : healthy, undefined, UNRECORDABLE_ATTEMPT),
      createLogger('silent'),
    );
    expect(statuses.map((status) => status?.state)).to.deep.equal(['pending', 'delivered']);
    expect(await stateOf(refused.attempt.deliveryId)).to.deep.equal({
      state: 'pending',
      attempts: 1,
      last_error: UNRECORDABLE_ATTEMPT,
    });
    expect(await stateOf(healthy.attempt.deliveryId)).to.include({ state: 'delivered', attempts: 1 });
    const [attempt] = await rows<{ response_status: number | null; error: string }>(
      service(),
      'select response_status, error from webhook_attempts where delivery_id = ?',
      [refused.attempt.deliveryId],
    );
    expect(attempt).to.deep.equal({ response_status: null, error: UNRECORDABLE_ATTEMPT });
  });
});
