import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { expectErrorMessage } from '../helpers/http.ts';
import { sql } from '../helpers/sql.ts';
import { feedBusiness, readAll, type FeedBusiness, type Json } from './feed-fixtures.ts';

describe('event feed: GET /v1/events', () => {
  let business: FeedBusiness;
  let other: FeedBusiness;
  const customers: string[] = [];

  before(async () => {
    business = await feedBusiness('feed');
    other = await feedBusiness('other');
    for (const name of ['Ada', 'Grace', 'Edsger', 'Barbara', 'Donald'])
      customers.push((await business.createCustomer(name)).id);
    await other.createCustomer('Not yours');
  });

  it('answers every event of the business in commit order, each exactly the webhook envelope', async () => {
    const page = await business.feed({ limit: 100 });
    expect(page.status, page.text).to.equal(200);
    expect(page.headers.get('cache-control')).to.equal('no-store');
    const items = page.body.items as Json[];
    expect(items.map((item) => item.entity.id)).to.deep.equal(customers);
    for (const item of items) {
      expect(Object.keys(item)).to.deep.equal([
        'id',
        'type',
        'created_at',
        'occurred_at',
        'business_id',
        'entity',
        'sequence',
        'test',
        'data',
      ]);
      expect(item).to.include({ type: 'customer.created', business_id: business.id, sequence: 1, test: false });
      expect(item.entity.type).to.equal('customer');
    }
    expect(page.body.next_cursor).to.be.a('string').and.not.empty;
  });

  it('pages with the cursor: nothing skipped or repeated, and an empty page still gives a cursor to continue', async () => {
    const { ids, cursors } = await readAll(business, 2);
    expect(ids).to.have.length(5);
    expect(new Set(ids).size).to.equal(5);
    // Pages of 2, 2, 1, then the empty page whose cursor is the last one again.
    expect(cursors).to.have.length(4);
    expect(cursors[3]).to.equal(cursors[2]);
    const later = await business.createCustomer('Later');
    const next = await business.feed({ after: cursors[3]! });
    expect((next.body.items as Json[]).map((item) => item.entity.id)).to.deep.equal([later.id]);
    customers.push(later.id);
  });

  it('GET /v1/events/{id} answers one event; another business’s and a missing one are the same 404', async () => {
    const first = ((await business.feed({ limit: 1 })).body.items as Json[])[0]!;
    const one = await business.feed({}, `/${first.id}`);
    expect(one.status, one.text).to.equal(200);
    expect(one.body).to.deep.equal(first);
    const foreign = ((await other.feed({ limit: 1 })).body.items as Json[])[0]!;
    const refused = await business.feed({}, `/${foreign.id}`);
    expectErrorMessage(refused, 404, 'RESOURCE_NOT_FOUND');
    const missing = await business.feed({}, `/${randomUUID()}`);
    expectErrorMessage(missing, 404, 'RESOURCE_NOT_FOUND');
    expect(refused.body.message.replace(foreign.id, 'X')).to.equal(missing.body.message.replace(/[0-9a-f-]{36}/, 'X'));
  });

  it('is tenant-scoped: each business reads only its own events, and another business’s cursor is a 400', async () => {
    const mine = await readAll(business, 100);
    const theirs = await readAll(other, 100);
    expect(mine.items.every((item) => item.business_id === business.id)).to.equal(true);
    expect(theirs.items.map((item) => item.business_id)).to.deep.equal([other.id]);
    const foreignCursor = theirs.cursors[0]!;
    expectErrorMessage(await business.feed({ after: foreignCursor }), 400, 'EVENT_CURSOR_INVALID');
  });

  it('filters by type and by time', async () => {
    const all = await readAll(business, 100);
    const byType = await readAll(business, 100, { types: 'customer.created' });
    expect(byType.ids).to.deep.equal(all.ids);
    const none = await readAll(business, 100, { types: 'job.created' });
    expect(none.ids).to.deep.equal([]);
    const third = all.items[2]!;
    const since = await readAll(business, 100, { since: third.created_at as string });
    expect(since.ids).to.deep.equal(all.ids.slice(2));
    const until = await readAll(business, 100, { until: third.created_at as string });
    expect(until.ids).to.deep.equal(all.ids.slice(0, 2));
  });

  it('after=now starts at the events committed from now on', async () => {
    const now = await business.feed({ after: 'now' });
    expect(now.status, now.text).to.equal(200);
    expect(now.body.items).to.deep.equal([]);
    const created = await business.createCustomer('After now');
    customers.push(created.id);
    const next = await business.feed({ after: now.body.next_cursor as string });
    expect((next.body.items as Json[]).map((item) => item.entity.id)).to.deep.equal([created.id]);
  });

  it('refuses bad parameters with a clear 400', async () => {
    for (const after of [
      'nonsense',
      Buffer.from('e1.1.2.zz').toString('base64url'),
      Buffer.from('e1.99999999999999999999.1.0123456789abcdef').toString('base64url'),
    ])
      expectErrorMessage(await business.feed({ after }), 400, 'EVENT_CURSOR_INVALID');
    const bad: Array<Record<string, string | number>> = [
      { limit: 0 },
      { limit: 101 },
      { limit: 'x' },
      { wait: 31 },
      { wait: -1 },
      { since: 'yesterday' },
      { types: 'customer.created,nope' },
    ];
    for (const query of bad) {
      const refused = await business.feed(query);
      expectErrorMessage(refused, 400, 'VALIDATION_FAILED');
      expect(refused.body.message, JSON.stringify(query)).to.contain(Object.keys(query)[0]);
    }
  });

  it('needs a token (401) with events:read (403 naming it)', async () => {
    const anonymous = await business.feed({}, '', null);
    expectErrorMessage(anonymous, 401, 'UNAUTHORIZED');
    expect(anonymous.headers.get('www-authenticate')).to.match(/^Bearer /);
    expectErrorMessage(await business.feed({}, '', 'fsa_ws_not-a-real-token'), 401, 'UNAUTHORIZED');
    const readOnly = await business.tokenWith(['workspace:read', 'webhooks:manage']);
    const refused = await business.feed({}, '', readOnly);
    expectErrorMessage(refused, 403, 'INSUFFICIENT_SCOPE');
    expect(refused.body.details).to.deep.equal([
      { required_scopes: ['events:read'], accepted_scopes: ['events:read'] },
    ]);
    expect(refused.body.resolution).to.contain('--scope events:read');
    expectErrorMessage(await business.feed({}, `/${randomUUID()}`, readOnly), 403, 'INSUFFICIENT_SCOPE');
  });

  it('a test event written by raw SQL is in the feed with test: true (every writer, not only the ORM)', async () => {
    const id = randomUUID();
    await sql(
      `insert into outbox_events (id, business_id, event_type, aggregate_type, aggregate_id, payload, test)
       values (?, ?, 'customer.created', 'customer', ?, '{}', true)`,
      [id, business.id, randomUUID()],
    );
    const one = await business.feed({}, `/${id}`);
    expect(one.body).to.include({ id, test: true, sequence: 1 });
  });
});
