import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import pg from 'pg';
import { sql } from '../helpers/sql.ts';

const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;

async function newBusiness(): Promise<string> {
  const id = randomUUID();
  await sql('insert into businesses (id, slug, name, time_zone, currency) values (?, ?, ?, ?, ?)', [
    id,
    `seq-${id.slice(0, 8)}`,
    'Sequence',
    'America/Chicago',
    'USD',
  ]);
  return id;
}

const insertEvent = `insert into outbox_events (id, business_id, event_type, aggregate_type, aggregate_id, payload)
  values ($1, $2, 'customer.created', $3, $4, '{}') returning sequence, commit_txid::text as txid, position`;

describe('outbox events: per-entity sequence, commit order columns, envelope fields', () => {
  it('numbers each entity 1, 2, 3… apart from every other entity and business, whoever inserts', async () => {
    const [a, b] = [await newBusiness(), await newBusiness()];
    const customer = randomUUID();
    const other = randomUUID();
    const insert = insertEvent.replaceAll(/\$\d/g, '?');
    const numbers: number[] = [];
    for (const [business, type, id] of [
      [a, 'customer', customer],
      [a, 'customer', customer],
      [a, 'customer', other],
      [b, 'customer', customer],
      [a, 'job', customer],
      [a, 'customer', customer],
    ] as const) {
      const [row] = await sql<{ sequence: string }>(insert, [randomUUID(), business, type, id]);
      numbers.push(Number(row!.sequence));
    }
    expect(numbers).to.deep.equal([1, 2, 1, 1, 1, 3]);
    const rows = await sql<{ occurred_at: Date; created_at: Date; test: boolean; position: string }>(
      'select occurred_at, created_at, test, position from outbox_events where business_id = ? order by position',
      [a],
    );
    expect(rows).to.have.length(5);
    expect(rows.every((row) => row.test === false)).to.equal(true);
    const positions = rows.map((row) => BigInt(row.position));
    expect(positions).to.deep.equal([...positions].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
  });

  describeOnPostgres('two writers of one entity (PostgreSQL: two connections)', () => {
    let first: pg.Client;
    let second: pg.Client;
    before(async () => {
      first = new pg.Client({ connectionString: process.env.DATABASE_URL });
      second = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await Promise.all([first.connect(), second.connect()]);
    });
    after(async () => {
      await Promise.all([first?.end(), second?.end()]);
    });

    it('numbers in commit order: the second writer waits for the first and counts on; a rollback leaves no gap', async () => {
      const business = await newBusiness();
      const customer = randomUUID();
      await first.query('begin');
      const one = await first.query(insertEvent, [randomUUID(), business, 'customer', customer]);
      await second.query('begin');
      const waiting = second.query(insertEvent, [randomUUID(), business, 'customer', customer]);
      await first.query('rollback');
      const two = await waiting;
      await second.query('commit');
      expect(Number(one.rows[0].sequence)).to.equal(1);
      expect(Number(two.rows[0].sequence)).to.equal(1);

      await first.query('begin');
      await first.query(insertEvent, [randomUUID(), business, 'customer', customer]);
      await second.query('begin');
      const after = second.query(insertEvent, [randomUUID(), business, 'customer', customer]);
      await first.query('commit');
      await after;
      await second.query('commit');
      const rows = await sql<{ sequence: string; txid: string }>(
        'select sequence, commit_txid::text as txid from outbox_events where aggregate_id = ? order by sequence',
        [customer],
      );
      expect(rows.map((row) => Number(row.sequence))).to.deep.equal([1, 2, 3]);
      // Each row carries its own writer's transaction id, in the order they committed here.
      const txids = rows.map((row) => BigInt(row.txid));
      expect(new Set(txids).size).to.equal(3);
    });
  });
});
