import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import pg from 'pg';
import { expectErrorMessage } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { feedBusiness, type FeedBusiness, type Json } from './feed-fixtures.ts';

const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded database';

describe('event feed: long polling', function () {
  this.timeout(60_000);
  let business: FeedBusiness;
  let tail: string;

  before(async () => {
    business = await feedBusiness('long-poll');
    tail = (await business.feed({ after: 'now' })).body.next_cursor as string;
  });

  it(`a waiting read is answered by a write of the business (${database}), not at the end of its wait`, async () => {
    const started = Date.now();
    const polling = business.feed({ after: tail, wait: 20 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const created = await business.createCustomer('Wakes the poll');
    const committed = Date.now();
    const answer = await polling;
    const latency = Date.now() - committed;
    console.log(`      long poll answered ${latency} ms after the commit (${database}, in-process write)`);
    expect(answer.status, answer.text).to.equal(200);
    expect((answer.body.items as Json[]).map((item) => item.entity.id)).to.deep.equal([created.id]);
    expect(Date.now() - started).to.be.below(20_000);
    tail = answer.body.next_cursor as string;
  });

  it('another business’s write does not answer it; the wait ends with an empty page and the same cursor', async () => {
    const other = await feedBusiness('long-poll-other');
    const polling = business.feed({ after: tail, wait: 2 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await other.createCustomer('Not for you');
    const answer = await polling;
    expect(answer.status, answer.text).to.equal(200);
    expect(answer.body).to.deep.equal({ items: [], next_cursor: tail });
  });

  it('answers at once when there is something, whatever the wait', async () => {
    const created = await business.createCustomer('Already there');
    const answer = await business.feed({ after: tail, wait: 30 });
    expect((answer.body.items as Json[]).map((item) => item.entity.id)).to.deep.equal([created.id]);
    tail = answer.body.next_cursor as string;
  });

  it('holds at most EVENT_FEED_WAITS_PER_BUSINESS (20) long polls per business; one more is a 429 at once', async () => {
    const held = Array.from({ length: 20 }, () => business.feed({ after: tail, wait: 10 }));
    // Each takes its turn once its first read found nothing.
    for (let tries = 0; tries < 100; tries += 1) {
      const probe = service().services.eventFeedWaits.enter(business.id);
      if ('refused' in probe) break;
      probe.release();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const refused = await business.feed({ after: tail, wait: 10 });
    expectErrorMessage(refused, 429, 'RATE_LIMITED');
    expect(refused.headers.get('retry-after')).to.equal('1');
    expect(refused.body.message).to.contain('at most 20 at once per business');
    // Without wait, a read is never refused.
    expect((await business.feed({ after: tail })).status).to.equal(200);
    const created = await business.createCustomer('Answers all twenty');
    const answers = await Promise.all(held);
    for (const answer of answers)
      expect((answer.body.items as Json[]).map((item) => item.entity.id)).to.deep.equal([created.id]);
    tail = answers[0]!.body.next_cursor as string;
  });

  it('a client that goes away gives its turn back at once', async () => {
    const controllers = Array.from({ length: 20 }, () => new AbortController());
    const polls = controllers.map((controller) =>
      fetch(`${service().url}/api/v1/events?after=${tail}&wait=30`, {
        headers: { authorization: `Bearer ${business.token}` },
        signal: controller.signal,
      }).catch(() => undefined),
    );
    const turns = service().services.eventFeedWaits;
    const refusedNow = async () => {
      const probe = turns.enter(business.id);
      if ('refused' in probe) return true;
      probe.release();
      return false;
    };
    for (let tries = 0; tries < 100 && !(await refusedNow()); tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await refusedNow()).to.equal(true);
    for (const controller of controllers) controller.abort();
    await Promise.all(polls);
    for (let tries = 0; tries < 100 && (await refusedNow()); tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await refusedNow()).to.equal(false);
  });

  describeOnPostgres('a write of another process (PostgreSQL: the fsa_outbox notification)', () => {
    it('wakes the poll through LISTEN, not the idle re-read', async () => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      try {
        const polling = business.feed({ after: tail, wait: 20 });
        await new Promise((resolve) => setTimeout(resolve, 300));
        const id = randomUUID();
        const writing = Date.now();
        await client.query(
          `insert into outbox_events (id, business_id, event_type, aggregate_type, aggregate_id, payload)
           values ($1, $2, 'customer.created', 'customer', $3, '{}')`,
          [id, business.id, randomUUID()],
        );
        const answer = await polling;
        console.log(
          `      long poll answered ${Date.now() - writing} ms after another connection's insert began (PostgreSQL)`,
        );
        expect((answer.body.items as Json[]).map((item) => item.id)).to.deep.equal([id]);
        tail = answer.body.next_cursor as string;
      } finally {
        await client.end();
      }
    });
  });
});
