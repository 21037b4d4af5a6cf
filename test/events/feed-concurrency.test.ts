import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import pg from 'pg';
import { feedBusiness, type FeedBusiness, type Json } from './feed-fixtures.ts';

const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;

const insertEvent = `insert into outbox_events (id, business_id, event_type, aggregate_type, aggregate_id, payload)
  values ($1, $2, 'customer.created', 'customer', $3, '{}')`;

/** Reads from `after` until an empty page: the ids in order and the cursor to continue from. */
async function drain(business: FeedBusiness, after: string | undefined, limit: number) {
  const ids: string[] = [];
  let cursor = after;
  for (;;) {
    const page = await business.feed({ limit, ...(cursor ? { after: cursor } : {}) });
    expect(page.status, page.text).to.equal(200);
    const items = page.body.items as Json[];
    ids.push(...items.map((item) => item.id as string));
    cursor = page.body.next_cursor as string;
    if (items.length === 0) return { ids, cursor };
  }
}

/**
 * Reads on from `after` until `count` events came: on a shared server any other transaction running
 * holds the feed back (never skips), so what is expected may take a moment to become final.
 */
async function drainUntil(business: FeedBusiness, after: string | undefined, limit: number, count: number) {
  const ids: string[] = [];
  let cursor = after;
  for (let tries = 0; tries < 200 && ids.length < count; tries += 1) {
    const next = await drain(business, cursor, limit);
    ids.push(...next.ids);
    cursor = next.cursor;
    if (ids.length < count) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { ids, cursor };
}

describe('event feed under concurrent writers', function () {
  this.timeout(60_000);

  it('a reader paging while 30 writes commit concurrently gets each event exactly once', async () => {
    const business = await feedBusiness('concurrent');
    const seen: string[] = [];
    let cursor: string | undefined;
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const { ids, cursor: next } = await drain(business, cursor, 3);
        seen.push(...ids);
        cursor = next;
      }
    })();
    const created = await Promise.all(
      Array.from({ length: 30 }, (_, index) => business.createCustomer(`Writer ${index}`)),
    );
    writing = false;
    await reader;
    // An event behind a transaction still running (of any writer of the database) is held back, never
    // skipped: reading on from the last cursor finds it once that transaction ends.
    for (let tries = 0; tries < 200 && seen.length < 30; tries += 1) {
      const rest = await drain(business, cursor, 3);
      seen.push(...rest.ids);
      cursor = rest.cursor;
      if (seen.length < 30) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).to.have.length(30);
    expect(new Set(seen).size).to.equal(30);
    const all = await drain(business, undefined, 100);
    expect(all.ids).to.have.members(seen);
    expect(created).to.have.length(30);
  });

  describeOnPostgres('transactions committing out of creation order (PostgreSQL: several connections)', () => {
    const clients: pg.Client[] = [];
    before(async () => {
      for (let index = 0; index < 3; index += 1) {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        clients.push(client);
      }
    });
    after(async () => {
      await Promise.all(clients.map((client) => client.end()));
    });

    it('holds back what a transaction still open could precede, then hands out all of it in commit order, none skipped', async () => {
      const business = await feedBusiness('held-open');
      const [held, second, third] = clients as [pg.Client, pg.Client, pg.Client];
      const start = await drain(business, undefined, 10);
      expect(start.ids).to.deep.equal([]);

      const first = randomUUID();
      await held.query('begin');
      await held.query(insertEvent, [first, business.id, randomUUID()]);
      const later = [randomUUID(), randomUUID(), randomUUID()];
      await second.query('begin');
      await second.query(insertEvent, [later[0], business.id, randomUUID()]);
      await second.query(insertEvent, [later[1], business.id, randomUUID()]);
      await second.query('commit');
      await third.query(insertEvent, [later[2], business.id, randomUUID()]);

      // Committed, but behind a transaction still open: not yet, and the cursor does not move past them.
      const whileOpen = await drain(business, start.cursor, 10);
      expect(whileOpen.ids).to.deep.equal([]);
      expect(whileOpen.cursor).to.equal(start.cursor);

      await held.query('commit');
      const after = await drainUntil(business, whileOpen.cursor, 2, 4);
      expect(after.ids).to.deep.equal([first, ...later]);
      // The cursors stay valid: reading again from the start gives the same order.
      expect((await drainUntil(business, undefined, 1, 4)).ids).to.deep.equal([first, ...later]);
    });

    it('a transaction that rolls back leaves no hole and no event', async () => {
      const business = await feedBusiness('rollback');
      const [held, other] = clients as [pg.Client, pg.Client];
      const start = await drain(business, undefined, 10);
      await held.query('begin');
      await held.query(insertEvent, [randomUUID(), business.id, randomUUID()]);
      const kept = randomUUID();
      await other.query(insertEvent, [kept, business.id, randomUUID()]);
      expect((await drain(business, start.cursor, 10)).ids).to.deep.equal([]);
      await held.query('rollback');
      expect((await drainUntil(business, start.cursor, 10, 1)).ids).to.deep.equal([kept]);
    });
  });
});
