/**
 * `DATABASE_URL=... npm run bench:worst` (or `DATA_DIR=...`, an embedded database): the public lists'
 * worst cases at scale, through the HTTP service: p50/p99 with 1 client and with BENCH_CONNECTIONS (50) concurrent clients (autocannon in
 * its own process, bench/lib/load.ts), and each case's plan shape (EXPLAIN ANALYZE of the list's
 * statement, on the service's own pool: node types and indexes, execution ms). It reads the database as it
 * is (seed it first: npm run seed -- --listings 500000 --opportunities 1000000 --posts 20000) and
 * writes nothing there but the rate limiter's counters (budgets raised out of the way).
 *
 * Env: BENCH_DURATION (s per load, default 5), BENCH_CONNECTIONS (default 50), BENCH_ONLY (cases
 * whose name contains this text), BENCH_READ_CACHE=on (the read cache kept: hot answers). The
 * budgets: p99 within 50 ms with 1 client, 250 ms with 50.
 */
import { loadConfig } from '../core/config.ts';
import { createLogger } from '../core/logger.ts';
import { toDirectoryListQuery } from '../core/routers/directory/list-listings.ts';
import { buildListBlogPostsQuery } from '../core/services/blog/list-posts.query.ts';
import { buildListDirectoryListingsQuery } from '../core/services/directory/list-listings.query.ts';
import { buildGovernmentOpportunityListQuery } from '../core/services/government/list-opportunities.query.ts';
import { runQuery, type SqlQuery } from '../core/services/sql/query.ts';
import { startService } from '../scripts/compose/start-service.ts';
import { loadTest, positiveFromEnv } from './lib/load.ts';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

if (!process.env.DATABASE_URL && !process.env.DATA_DIR) {
  console.error('set DATABASE_URL to a seeded PostgreSQL database, or DATA_DIR to a seeded embedded one');
  process.exit(2);
}
const now = new Date();
const directory = (query: string) => ({
  path: `/api/v1/directory/public?${query}`,
  sql: () =>
    buildListDirectoryListingsQuery(
      toDirectoryListQuery(Object.fromEntries(new URLSearchParams(`page=1&per_page=20&${query}`)) as never),
      now,
    ),
});
const government = (query: string) => ({
  path: `/api/v1/government-opportunities/public?${query}`,
  sql: () => {
    const params = Object.fromEntries(new URLSearchParams(query));
    return buildGovernmentOpportunityListQuery(
      {
        page: Number(params.page ?? 1),
        per_page: Number(params.per_page ?? 20),
        keyword: params.keyword,
        state: params.state,
      },
      now,
    );
  },
});
const blog = (query: string) => ({
  path: `/api/v1/blog/posts?${query}`,
  sql: () => {
    const params = Object.fromEntries(new URLSearchParams(query));
    return buildListBlogPostsQuery(
      { locale: 'en-US', page: Number(params.page ?? 1), per_page: Number(params.per_page ?? 15), q: params.q },
      now,
    );
  },
});
// The deepest pages: page x per_page = 10,000 (a search: 1,000, its depth limit; the blog's 15 a page: 990).
const cases: Array<[string, { path: string; sql: () => SqlQuery }]> = [
  ['directory q=services (most common word)', directory('q=services')],
  ['directory q=services, deepest page', directory('q=services&page=50')],
  ['directory q=services name_asc, deepest page', directory('q=services&sort=name_asc&page=50')],
  ['directory q=plumbing metro=austin', directory('q=plumbing&metro=austin')],
  ['directory industry=hvac name_asc, deepest page', directory('industry=hvac&sort=name_asc&page=500')],
  ['directory metro=austin, deepest page', directory('metro=austin&page=500')],
  ['directory rating_asc, deepest page', directory('sort=rating_asc&page=500')],
  ['directory (no filter)', directory('')],
  ['opportunities (no filter), deepest page', government('page=500')],
  ['opportunities keyword=services', government('keyword=services')],
  ['opportunities keyword=services, deepest page', government('keyword=services&page=50')],
  ['opportunities state=TX, deepest page', government('state=TX&page=500')],
  ['blog q=week (most common word)', blog('q=week')],
  ['blog q=week, deepest page', blog('q=week&page=66')],
  ['blog, deepest page', blog('page=666')],
];

function shape(node: PlanNode, out: string[] = []): string[] {
  out.push(node['Index Name'] ? `${node['Node Type']}(${node['Index Name']})` : node['Node Type']);
  for (const child of node.Plans ?? []) shape(child, out);
  return out;
}

const BUDGET = '1000000';
const config = loadConfig({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  GOV_RATE_LIMIT_PER_MINUTE: BUDGET,
  PUBLIC_LIST_RATE_LIMIT_PER_MINUTE: BUDGET,
  // The worst case is a miss: every request runs its query. BENCH_READ_CACHE=on keeps the read
  // cache (every request after the first is a hit): what repeated reads of these pages cost.
  ...(process.env.BENCH_READ_CACHE === 'on' ? {} : { PUBLIC_CACHE_MAX_BYTES: '0' }),
});
const service = await startService({ config, log: createLogger('silent') });
const duration = positiveFromEnv('BENCH_DURATION', 5);
const connections = positiveFromEnv('BENCH_CONNECTIONS', 50);
const only = process.env.BENCH_ONLY;
const rows: string[][] = [['case', '1 client p50', 'p99', `${connections} clients p50`, 'p99', 'SQL ms', 'plan']];
try {
  for (const [name, target] of cases) {
    if (only && !name.includes(only)) continue;
    const url = `${service.config.siteUrl}${target.path}`;
    const one = await loadTest(url, { connections: 1, durationSeconds: duration, warmupSeconds: 1 });
    const many = await loadTest(url, { connections, durationSeconds: duration, warmupSeconds: 1 });
    const statement = target.sql();
    const [explained] = await runQuery<{ 'QUERY PLAN': Array<{ Plan: PlanNode; 'Execution Time': number }> }>(
      service.database.orm.em.fork(),
      { sql: `explain (analyze, format json) ${statement.sql}`, params: statement.params },
    );
    const plan = explained!['QUERY PLAN'][0]!;
    const nodes = [...new Set(shape(plan.Plan).filter((node) => /Scan|Sort|Limit|Append/.test(node)))];
    // No answer within the load's seconds: no latency to show (null from the load generator).
    const ms = (value: number | null) => (value === null || Number.isNaN(value) ? 'none' : value.toFixed(1));
    rows.push([
      name,
      ms(one.p50),
      ms(one.p99),
      ms(many.p50),
      ms(many.p99),
      plan['Execution Time'].toFixed(1),
      nodes.join(', '),
    ]);
    if (one.failed + many.failed > 0) rows[rows.length - 1]![0] += ` (${one.failed + many.failed} failed)`;
    console.log(rows[rows.length - 1]!.join(' | '));
  }
} finally {
  await service.stop();
}
console.log(`\n| ${rows[0]!.join(' | ')} |\n|${rows[0]!.map(() => '---').join('|')}|`);
for (const row of rows.slice(1)) console.log(`| ${row.join(' | ')} |`);
