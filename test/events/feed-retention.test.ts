import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createLogger } from '../../core/logger.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { feedBusiness } from './feed-fixtures.ts';

const DAY_MS = 86_400_000;

describe('event feed: 30-day retention (the sweeper)', () => {
  it('deletes published events older than 30 days in bounded batches; unpublished and younger ones stay', async () => {
    const business = await feedBusiness('retention');
    const insert = (createdDaysAgo: number, published: boolean) => {
      const id = randomUUID();
      const created = new Date(Date.now() - createdDaysAgo * DAY_MS).toISOString();
      return sql(
        `insert into outbox_events (id, business_id, event_type, aggregate_type, aggregate_id, payload, created_at, published_at)
         values (?, ?, 'customer.created', 'customer', ?, '{}', ?::timestamptz, ${published ? '?::timestamptz' : 'null'})`,
        [id, business.id, randomUUID(), created, ...(published ? [created] : [])],
      ).then(() => id);
    };
    const old = [await insert(31, true), await insert(40, true), await insert(35, true)];
    const unpublished = await insert(45, false);
    const young = await insert(29, true);
    // Other suites share the database: publish nothing of theirs, count only ours.
    const caller = systemCaller({
      orm: service().database.orm,
      services: service().services,
      config: service().config,
      log: createLogger('silent'),
    });
    const sweep = caller.infrastructure.webhookDeliveries.sweepEvents;
    let deleted = 0;
    for (let batch = 0; batch < 100; batch += 1) {
      const { deleted: now } = await sweep({ limit: 2 });
      expect(now).to.be.at.most(2);
      deleted += now;
      if (now < 2) break;
    }
    expect(deleted).to.be.at.least(3);
    const left = await sql<{ id: string }>('select id from outbox_events where business_id = ?', [business.id]);
    expect(left.map((row) => row.id)).to.have.members([unpublished, young]);
    expect(old.every((id) => !left.some((row) => row.id === id))).to.equal(true);
    const feed = await business.feed({ limit: 100 });
    expect((feed.body.items as Array<{ id: string }>).map((item) => item.id)).to.have.members([unpublished, young]);
  });
});
