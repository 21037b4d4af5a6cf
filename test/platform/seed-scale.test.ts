import { expect } from 'chai';
import { loadConfig } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { openDatabase } from '../../orm/database.ts';
import { composeServices } from '../../scripts/compose/compose-services.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { runScaleSeed } from '../../scripts/seed/scale.ts';
import { runScript } from '../helpers/child-service.ts';
import { createIsolatedDatabase } from '../helpers/isolated-database.ts';
import { freshDataDir } from '../helpers/test-service.ts';

/** Tiny base sizes: `--scale 2` then means 6 posts, 8 opportunities, 10 listings, 6 customers, 16 jobs. */
const BASE = 'posts=3,opportunities=4,listings=5,customers=3,jobs=8';
const SCALE_2 = { posts: 6, opportunities: 8, listings: 10, customers: 6, jobs: 16 };

interface Target {
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** A database of its own: on the PostgreSQL server when DATABASE_URL is set, else an embedded one. */
async function newTarget(): Promise<Target> {
  if (process.env.DATABASE_URL) {
    const isolated = await createIsolatedDatabase(process.env.DATABASE_URL);
    return { env: { DATABASE_URL: isolated.url }, drop: isolated.drop };
  }
  return { env: { DATA_DIR: freshDataDir() }, drop: async () => {} };
}

async function seed(target: Target, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const run = runScript('scripts/seed.ts', { LOG_LEVEL: 'warn', ...target.env }, args);
  const code = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

/** The summary table's rows: area -> [target, before, added, now]. */
function summary(stdout: string): Record<string, number[]> {
  const rows = stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((cells) => cells.length === 6 && Object.keys(SCALE_2).includes(cells[0]!));
  return Object.fromEntries(
    rows.map((cells) => [cells[0]!, cells.slice(1, 5).map((cell) => Number(cell.replaceAll(',', '')))]),
  );
}

/**
 * Counts and a hash of the rows' content (not their dates, which are placed relative to the
 * moment a batch is made, nor a job's status, which follows from them) per table.
 */
async function fingerprint(target: Target): Promise<Record<string, string>> {
  const config = loadConfig({ ...target.env, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config.database);
  const queries: Record<string, string> = {
    blog_posts: `select locale || slug || title as x from blog_posts`,
    government_opportunities: `select notice_id || slug || title as x from government_opportunities`,
    directory_listings: `select slug || name || status as x from directory_listings`,
    directory_listing_photos: `select public_id::text as x from directory_listing_photos`,
    customers: `select c.id::text || c.name || c.email as x from customers c join businesses b on b.id = c.business_id where b.slug = 'scale-field-services'`,
    properties: `select p.id::text || p.customer_id::text || p.address_line1 as x from properties p join businesses b on b.id = p.business_id where b.slug = 'scale-field-services'`,
    jobs: `select j.id::text || j.number || j.customer_id::text || j.property_id::text || j.title || j.total_minor as x from jobs j join businesses b on b.id = j.business_id where b.slug = 'scale-field-services'`,
    job_line_items: `select l.id::text || l.job_id::text || l.name || l.amount_minor as x from job_line_items l join businesses b on b.id = l.business_id where b.slug = 'scale-field-services'`,
    visits: `select v.id::text || v.job_id::text as x from visits v join businesses b on b.id = v.business_id where b.slug = 'scale-field-services'`,
  };
  try {
    const result: Record<string, string> = {};
    // Every seeded table analysed: none left with the planner's "never analysed" (-1).
    const [never] = await database.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ tables: string[] | null }>>(
        `select array_agg(relname::text order by relname) as tables from pg_class
          where relname in (${Object.keys(queries).map((table) => `'${table}'`)}) and reltuples < 0`,
        [],
        'all',
      );
    result.never_analysed = String(never!.tables);
    for (const [table, query] of Object.entries(queries)) {
      const [row] = await database.orm.em
        .fork()
        .getConnection()
        .execute<Array<{ n: number; hash: string }>>(
          `select count(*)::int as n, md5(coalesce(string_agg(x, '|' order by x), '')) as hash from (${query}) t`,
          [],
          'all',
        );
      result[table] = `${row!.n} ${row!.hash}`;
    }
    return result;
  } finally {
    await database.close();
  }
}

describe('npm run seed -- --scale N', function () {
  this.timeout(900_000);
  const targets: Target[] = [];
  after(async () => {
    for (const target of targets) await target.drop();
  });

  it('refuses a factor outside 1..20, or not a whole number, with exit code 2 and before opening any database', async () => {
    const target = await newTarget();
    targets.push(target);
    const runs = await Promise.all(['0', '21', 'ten', '2.5'].map((factor) => seed(target, ['--scale', factor])));
    runs.forEach((run, index) => {
      const factor = ['0', '21', 'ten', '2.5'][index];
      expect(run.code, run.stderr).to.equal(2);
      expect(run.stderr).to.contain(`--scale must be a whole number from 1 to 20, got "${factor}"`);
      expect(run.stderr).to.contain('Usage: npm run seed');
    });
    const mixed = await seed(target, ['--scale', '2', '--listings', '10']);
    expect(mixed.code).to.equal(2);
    expect(mixed.stderr).to.contain('--scale tops the whole dataset up: give it alone');
    const base = await seed(target, ['--scale', '2', '--scale-base', 'posts=0']);
    expect(base.code).to.equal(2);
    expect(base.stderr).to.contain('--scale-base posts must be a whole number from 1 to 1000000, got "0"');
  });

  it('seeds the targets; restarted and in other batch sizes the same rows; a second run adds nothing', async () => {
    const [stepwise, direct] = [await newTarget(), await newTarget()];
    targets.push(stepwise, direct);
    // One database in two steps (scale 1, then topped up to 2) in batches of 2; the other at once, in the default batches.
    const [first, once] = await Promise.all([
      seed(stepwise, ['--scale', '1', '--scale-base', BASE, '--batch-size', '2']),
      seed(direct, ['--scale', '2', '--scale-base', BASE]),
    ]);
    expect(first.code, first.stderr).to.equal(0);
    expect(once.code, once.stderr).to.equal(0);
    expect(summary(once.stdout)).to.deep.equal(
      Object.fromEntries(Object.entries(SCALE_2).map(([kind, size]) => [kind, [size, 0, size, size]])),
    );
    const second = await seed(stepwise, ['--scale', '2', '--scale-base', BASE, '--batch-size', '2']);
    expect(second.code, second.stderr).to.equal(0);
    expect(summary(second.stdout)).to.deep.equal(
      Object.fromEntries(Object.entries(SCALE_2).map(([kind, size]) => [kind, [size, size / 2, size / 2, size]])),
    );

    const again = await seed(stepwise, ['--scale', '2', '--scale-base', BASE]);
    expect(again.code, again.stderr).to.equal(0);
    expect(summary(again.stdout)).to.deep.equal(
      Object.fromEntries(Object.entries(SCALE_2).map(([kind, size]) => [kind, [size, size, 0, size]])),
    );

    // Then the planner's statistics: the seeded tables analysed (an embedded database has no autovacuum).
    expect(once.stdout).to.match(/^statistics: [1-9]\d* tables? vacuumed and analysed in \d+\.\d s$/m);
    // On a server, autovacuum may have analysed all but one by then: "1 table".
    expect(again.stdout).to.match(/^statistics: \d+ tables? vacuumed and analysed/m);

    const [a, b] = [await fingerprint(stepwise), await fingerprint(direct)];
    expect(a).to.deep.equal(b);
    expect(a.blog_posts).to.match(/^6 /);
    expect(a.government_opportunities).to.match(/^8 /);
    expect(a.directory_listings).to.match(/^10 /);
    expect(a.customers).to.match(/^6 /);
    expect(a.jobs).to.match(/^16 /);
    expect(a.job_line_items).to.not.match(/^0 /);
    expect(a.visits).to.not.match(/^0 /);
    expect(a.never_analysed).to.equal('null');
  });

  it('on the embedded database, analyses the tables it writes between batches, as autovacuum would', async function () {
    // A server's autovacuum does this on its own (and makes the counts below its own).
    if (process.env.DATABASE_URL) this.skip();
    const config = loadConfig({ DATA_DIR: freshDataDir(), LOG_LEVEL: 'silent' });
    const database = await openDatabase(config.database);
    try {
      const log = createLogger('silent');
      const caller = systemCaller({ orm: database.orm, services: composeServices({ database, config }), config, log });
      const sizes = { posts: 1, opportunities: 1, listings: 1, customers: 300, jobs: 400 };
      await runScaleSeed(caller, sizes, log, { showBar: false, batch: 100, embedded: true });
      // The one connection keeps its foreign-key checks' plans until a table's statistics change:
      // made on the first batch's near-empty tables and never made again, each check of a later
      // batch scanned every row of the business (a seed of 100,000 jobs slowed past 1,000 a minute).
      const counts = await database.orm.em
        .fork()
        .getConnection()
        .execute<Array<{ relname: string; analyses: number }>>(
          `select relname, analyze_count::int as analyses from pg_stat_user_tables
            where relname in ('customers', 'properties', 'jobs', 'visits', 'visit_assignments') order by relname`,
          [],
          'all',
        );
      // Analysed during the seed (after its first batch at least), not only at its end.
      for (const { relname, analyses } of counts) expect(analyses, relname).to.be.at.least(2);
      expect(counts.map((row) => row.relname)).to.have.length(5);
    } finally {
      await database.close();
    }
  });
});
