import { expect } from 'chai';
import { createLogger } from '../../core/logger.ts';
import { composeWebhookDelivery } from '../../scripts/compose/webhook-delivery.ts';
import {
  eventually,
  insertBusiness,
  insertEndpoint,
  rows,
  startReceiver,
  workerServiceSuite,
  type Receiver,
} from './delivery-helpers.ts';

/**
 * max_per_second end to end: a burst to a limited endpoint, claimed by two delivery loops at once
 * (the service's and a second one on the same database, as a second `npm run worker` would), reaches
 * its receiver at most that many per second and in full, while an unlimited endpoint of the same
 * business and another business's endpoint get their events without waiting for it.
 */
describe('webhook delivery: max_per_second per endpoint', function () {
  this.timeout(90_000);
  const suite = workerServiceSuite('0s,50ms,50ms');
  const { receivers } = suite;

  /** A receiver answering 204 that notes when each request arrived. */
  async function timedReceiver(): Promise<Receiver & { arrivals: number[] }> {
    const arrivals: number[] = [];
    const started = await startReceiver(
      () => [],
      (_entry, res) => {
        arrivals.push(Date.now());
        res.statusCode = 204;
        res.end();
      },
    );
    receivers.push(started);
    return Object.assign(started, { arrivals });
  }

  /** `count` customer.created events of the business, committed together (a burst). */
  async function burst(businessId: string, count: number): Promise<void> {
    await rows(
      suite.service,
      `insert into outbox_events (id, business_id, event_type, aggregate_type, aggregate_id, payload)
       select gen_random_uuid(), ?, 'customer.created', 'customer', gen_random_uuid(), jsonb_build_object('n', n)
         from generate_series(1, ?::int) n`,
      [businessId, count],
    );
  }

  it('a burst reaches a limited endpoint at most max_per_second per second, all of it, and slows no other endpoint', async () => {
    const LIMIT = 4;
    const EVENTS = 20;
    const limited = await timedReceiver();
    const neighbour = await timedReceiver();
    const stranger = await timedReceiver();
    const business = await insertBusiness(suite.service);
    const otherBusiness = await insertBusiness(suite.service);
    const endpoint = await insertEndpoint(suite.service, business, limited.url, { events: ['customer.created'] });
    await rows(suite.service, 'update webhook_endpoints set max_per_second = ? where id = ?', [LIMIT, endpoint.id]);
    await insertEndpoint(suite.service, business, neighbour.url, { events: ['customer.created'] });
    await insertEndpoint(suite.service, otherBusiness, stranger.url, { events: ['customer.created'] });

    const second = composeWebhookDelivery({
      orm: suite.service.database.orm,
      services: () => suite.service.services,
      config: suite.service.config,
      log: createLogger('silent'),
      runWorker: true,
      pollMs: 20,
    });
    second.start();
    try {
      await burst(business, EVENTS);
      await burst(otherBusiness, EVENTS);
      await eventually(
        'the unlimited endpoints served',
        () => neighbour.received.length >= EVENTS && stranger.received.length >= EVENTS,
      );
      const limitedMeanwhile = limited.received.length;
      await eventually('every event at the limited endpoint', () => limited.received.length >= EVENTS, 60_000);

      // The others did not wait for the limited endpoint's turn: they were done while it was not.
      expect(limitedMeanwhile).to.be.below(EVENTS);
      expect(new Set(limited.received.map((entry) => entry.id)).size).to.equal(EVENTS);
      const perSecond = new Map<number, number>();
      for (const at of limited.arrivals)
        perSecond.set(Math.floor(at / 1000), (perSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
      expect(Math.max(...perSecond.values()), JSON.stringify([...perSecond])).to.be.at.most(LIMIT);
      // Each sent once: every delivery is recorded delivered at its first attempt.
      await eventually('every attempt recorded', async () => {
        const [row] = await rows<{ delivered: number; once: number }>(
          suite.service,
          `select count(*) filter (where state = 'delivered')::int as delivered,
                  count(*) filter (where state = 'delivered' and attempts = 1)::int as once
             from webhook_deliveries where endpoint_id = ?`,
          [endpoint.id],
        );
        return row!.delivered === EVENTS && row!.once === EVENTS;
      });
    } finally {
      await second.stop();
    }
  });
});
