import { expect } from 'chai';
import type { ServerResponse } from 'node:http';
import {
  callerFor,
  eventually,
  insertBusiness,
  insertEndpoint,
  rows,
  workerServiceSuite,
  startReceiver,
  type Receiver,
} from './delivery-helpers.ts';

/** A compressed schedule: immediately, then six retries 50 ms apart. */
const SCHEDULE = '0s,50ms,50ms,50ms,50ms,50ms,50ms';

interface EndpointHealth {
  disabled: boolean;
  disabled_reason: string | null;
  last_error: string | null;
  failing_since: Date | null;
}

/**
 * The endpoint-level rules end to end, through the worker and a real receiver: 5 days of failures
 * disable an endpoint (its failing_since is set in the database rather than waited for), a success
 * resets the count, and 429/503 Retry-After (seconds or an HTTP date, bounded to an hour) set the
 * next attempt.
 */
describe('webhook delivery: endpoint health and Retry-After, end to end', function () {
  this.timeout(60_000);
  const suite = workerServiceSuite(SCHEDULE);
  const { receivers } = suite;

  async function receiver(respond: (res: ServerResponse, count: number) => void): Promise<Receiver> {
    let count = 0;
    const started = await startReceiver(
      () => [],
      (_entry, res) => {
        count += 1;
        respond(res, count);
      },
    );
    receivers.push(started);
    return started;
  }

  /** Waits until the endpoint's (one) delivery is delivered. */
  async function deliveredAt(endpointId: string): Promise<void> {
    await eventually('the delivery delivered', async () => {
      const [row] = await rows<{ state: string }>(
        suite.service,
        'select state from webhook_deliveries where endpoint_id = ?',
        [endpointId],
      );
      return row?.state === 'delivered';
    });
  }

  /** The endpoint's attempts, oldest first: when each was made and the status it got. */
  function attemptsAt(endpointId: string): Promise<Array<{ at: Date; status: number }>> {
    return rows<{ at: Date; status: number }>(
      suite.service,
      `select a.attempted_at as at, a.response_status as status from webhook_attempts a
         join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = ? order by a.attempted_at`,
      [endpointId],
    );
  }

  const failing = (res: ServerResponse) => {
    res.statusCode = 500;
    res.end('down for maintenance');
  };
  const ok = (res: ServerResponse) => {
    res.statusCode = 204;
    res.end();
  };

  async function health(endpointId: string): Promise<EndpointHealth> {
    const [row] = await rows<EndpointHealth>(
      suite.service,
      'select disabled, disabled_reason, last_error, failing_since from webhook_endpoints where id = ?',
      [endpointId],
    );
    return row!;
  }

  async function setFailingSince(endpointId: string, ago: string): Promise<void> {
    await rows(suite.service, 'update webhook_endpoints set failing_since = now() - ?::interval where id = ?', [
      ago,
      endpointId,
    ]);
  }

  async function attemptsOf(endpointId: string): Promise<number> {
    const [row] = await rows<{ n: number }>(
      suite.service,
      'select count(*)::int as n from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = ?',
      [endpointId],
    );
    return row!.n;
  }

  it('an endpoint failing for more than 5 days is disabled at its next failure, its last error kept, and gets no further attempt', async () => {
    const down = await receiver(failing);
    const control = await receiver(ok);
    const business = await insertBusiness(suite.service);
    const endpoint = await insertEndpoint(suite.service, business, down.url, { events: ['customer.created'] });
    await insertEndpoint(suite.service, business, control.url, { events: ['job.created'] });
    await setFailingSince(endpoint.id, '5 days 1 hour');
    const caller = callerFor(suite.service, business);
    await caller.workspace.customers.createCustomer({ name: 'Still down' });

    await eventually('the endpoint disabled', async () => (await health(endpoint.id)).disabled);
    const after = await health(endpoint.id);
    expect(after.disabled_reason).to.equal('Every delivery failed for 5 days.');
    expect(after.last_error).to.equal('HTTP 500');
    expect(down.received).to.have.length(1);

    // The failed delivery stays pending (the schedule has slots left) but is never claimed while the
    // endpoint is disabled, and new events make no delivery for it. A later event to another endpoint
    // of the business, due after the pending retry, arriving proves the worker went past it.
    const customer = await caller.workspace.customers.createCustomer({ name: 'After disabling' });
    await caller.workspace.jobs.createJob({ customer_id: customer.id, title: 'Witness' });
    await eventually('the witness event', () => control.received.length >= 1);
    const [pending] = await rows<{ n: number; due: boolean }>(
      suite.service,
      "select count(*)::int as n, bool_and(next_attempt_at <= now()) as due from webhook_deliveries where endpoint_id = ? and state = 'pending'",
      [endpoint.id],
    );
    expect(pending).to.deep.equal({ n: 1, due: true });
    expect(down.received).to.have.length(1);
    expect(await attemptsOf(endpoint.id)).to.equal(1);
  });

  it('a failure inside the 5 days keeps failing_since (not restarted) and the endpoint enabled', async () => {
    const down = await receiver(failing);
    const business = await insertBusiness(suite.service);
    const endpoint = await insertEndpoint(suite.service, business, down.url);
    await setFailingSince(endpoint.id, '4 days 23 hours');
    const [{ since }] = (await rows<{ since: Date }>(
      suite.service,
      'select failing_since as since from webhook_endpoints where id = ?',
      [endpoint.id],
    )) as [{ since: Date }];
    await callerFor(suite.service, business).workspace.customers.createCustomer({ name: 'Down again' });
    await eventually('the failure recorded', async () => (await health(endpoint.id)).last_error !== null);
    const after = await health(endpoint.id);
    expect(after.disabled).to.equal(false);
    expect(new Date(after.failing_since!).getTime()).to.equal(new Date(since).getTime());
  });

  it('a success inside the 5 days resets failing_since: the next failures start a new window', async () => {
    let answer: (res: ServerResponse) => void = ok;
    const flaky = await receiver((res) => answer(res));
    const business = await insertBusiness(suite.service);
    const endpoint = await insertEndpoint(suite.service, business, flaky.url);
    await setFailingSince(endpoint.id, '4 days 23 hours');
    const caller = callerFor(suite.service, business);
    await caller.workspace.customers.createCustomer({ name: 'Back up' });
    await eventually('the success recorded', async () => (await health(endpoint.id)).failing_since === null);
    expect((await health(endpoint.id)).disabled).to.equal(false);

    answer = failing;
    const startedFailing = Date.now();
    await caller.workspace.customers.createCustomer({ name: 'Down once more' });
    await eventually('the new failure recorded', async () => (await health(endpoint.id)).failing_since !== null);
    const after = await health(endpoint.id);
    expect(after.disabled).to.equal(false);
    // A new window starts at this failure (not 5 days ago): the endpoint has 5 days again.
    expect(new Date(after.failing_since!).getTime()).to.be.at.least(startedFailing - 5_000);
  });

  it('429 with Retry-After: 1 delays the next attempt by at least a second (not the 50 ms slot), then the event arrives', async () => {
    const busy = await receiver((res, count) => {
      if (count === 1) {
        res.statusCode = 429;
        res.setHeader('retry-after', '1');
        res.end();
      } else ok(res);
    });
    const business = await insertBusiness(suite.service);
    const endpoint = await insertEndpoint(suite.service, business, busy.url);
    await callerFor(suite.service, business).workspace.customers.createCustomer({ name: 'Busy' });
    await deliveredAt(endpoint.id);
    expect(busy.received.map((entry) => entry.id)).to.have.length(2);
    expect(busy.received[1]!.id).to.equal(busy.received[0]!.id);
    const attempts = await attemptsAt(endpoint.id);
    expect(attempts.map((attempt) => attempt.status)).to.deep.equal([429, 204]);
    // The second attempt was claimed only once next_attempt_at (the first's record + 1 s) had come.
    const gap = new Date(attempts[1]!.at).getTime() - new Date(attempts[0]!.at).getTime();
    expect(gap).to.be.at.least(1000);
  });

  it('503 with Retry-After as an HTTP date waits until that date, then the event arrives', async () => {
    let retryAt = 0;
    const unavailable = await receiver((res, count) => {
      if (count === 1) {
        // HTTP dates have whole seconds: at least 1 s ahead, at most 2 s.
        retryAt = (Math.floor(Date.now() / 1000) + 2) * 1000;
        res.statusCode = 503;
        res.setHeader('retry-after', new Date(retryAt).toUTCString());
        res.end();
      } else ok(res);
    });
    const business = await insertBusiness(suite.service);
    const endpoint = await insertEndpoint(suite.service, business, unavailable.url);
    await callerFor(suite.service, business).workspace.customers.createCustomer({ name: 'Unavailable' });
    await eventually('the second attempt', () => unavailable.received.length >= 2);
    await deliveredAt(endpoint.id);
    const attempts = await attemptsAt(endpoint.id);
    expect(attempts[0]!.status).to.equal(503);
    expect(new Date(attempts[1]!.at).getTime()).to.be.at.least(retryAt);
  });

  it('a huge Retry-After (seconds or a far date) is bounded to an hour', async () => {
    const asks = ['86400000', new Date(Date.UTC(2100, 0, 1)).toUTCString()];
    for (const ask of asks) {
      const greedy = await receiver((res) => {
        res.statusCode = 503;
        res.setHeader('retry-after', ask);
        res.end();
      });
      const business = await insertBusiness(suite.service);
      const endpoint = await insertEndpoint(suite.service, business, greedy.url);
      await callerFor(suite.service, business).workspace.customers.createCustomer({ name: 'Greedy' });
      await eventually('the 503 recorded', async () => {
        const found = await rows(
          suite.service,
          'select 1 from webhook_deliveries where endpoint_id = ? and last_status = 503',
          [endpoint.id],
        );
        return found.length > 0;
      });
      const [waiting] = await rows<{ wait_s: number }>(
        suite.service,
        `select extract(epoch from d.next_attempt_at - a.attempted_at)::float as wait_s
           from webhook_deliveries d join webhook_attempts a on a.delivery_id = d.id where d.endpoint_id = ?`,
        [endpoint.id],
      );
      expect(waiting!.wait_s, ask).to.be.closeTo(3600, 1);
      expect(greedy.received).to.have.length(1);
    }
  });
});
