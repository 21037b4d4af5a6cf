/**
 * `npm run bench:explain`: EXPLAIN for every filter and sort of the public lists, on the database
 * at DATABASE_URL (seed it first: npm run seed, or set BENCH_SCALE=N to top it up to the scale
 * dataset here, with the seed's own code), and which indexes each plan uses. Exits non-zero when a
 * plan reads one of the lists' tables sequentially.
 */
import pg from 'pg';
import { toDirectoryListQuery } from '../core/routers/directory/list-listings.ts';
import { buildListBlogCategoriesQuery } from '../core/services/blog/list-categories.query.ts';
import { buildListBlogPostsQuery } from '../core/services/blog/list-posts.query.ts';
import { buildBlogSitemapQuery } from '../core/services/blog/sitemap.query.ts';
import { buildListDirectoryListingsQuery } from '../core/services/directory/list-listings.query.ts';
import type { DirectorySort } from '../core/services/directory/types.ts';
import { buildGovernmentOpportunityListQuery } from '../core/services/government/list-opportunities.query.ts';
import { buildGovernmentSitemapQuery } from '../core/services/government/sitemap.query.ts';
import { toNumberedPlaceholders, type SqlQuery } from '../core/services/sql/query.ts';
import { loadConfig } from '../core/config.ts';
import { createLogger } from '../core/logger.ts';
import { openDatabase } from '../orm/database.ts';
import { composeServices } from '../scripts/compose/compose-services.ts';
import { systemCaller } from '../scripts/lib/system-caller.ts';
import { benchScale, topUpToScale } from './lib/scale-dataset.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const TABLES = new Set(['blog_posts', 'government_opportunities', 'directory_listings', 'directory_listing_photos']);
const now = new Date();
const page = { page: 1, per_page: 20 };
const directory = (input: Record<string, unknown>) =>
  buildListDirectoryListingsQuery(
    toDirectoryListQuery({ ...page, ...input } as Parameters<typeof toDirectoryListQuery>[0]),
    now,
  );
const government = (input: Record<string, unknown>) => buildGovernmentOpportunityListQuery({ ...page, ...input }, now);
const blog = (input: Record<string, unknown>) => buildListBlogPostsQuery({ ...page, locale: 'en-US', ...input }, now);

const cases: Array<[string, SqlQuery]> = [
  ...(['rating_desc', 'rating_asc', 'reviews_desc', 'name_asc'] as DirectorySort[]).map((sort): [string, SqlQuery] => [
    `directory sort=${sort}`,
    directory({ sort }),
  ]),
  ['directory industry=hvac', directory({ industry: 'hvac' })],
  ['directory metro=austin', directory({ metro: 'austin' })],
  ['directory industry+metro', directory({ industry: 'hvac', metro: 'austin' })],
  ['directory postal_code=78701', directory({ postal_code: '78701' })],
  ['directory q=plumbing', directory({ q: 'plumbing' })],
  ['directory min_rating=4.5', directory({ min_rating: 4.5 })],
  ['directory min_reviews=200', directory({ min_reviews: 200 })],
  ['opportunities (no filter)', government({})],
  ['opportunities keyword=hvac', government({ keyword: 'hvac' })],
  ['opportunities state=TX', government({ state: 'TX' })],
  ['opportunities naics=238220', government({ naics: '238220' })],
  ['opportunities psc=J0', government({ psc: 'J0' })],
  ['opportunities category=hvac', government({ category: 'hvac' })],
  ['opportunities set_aside=SBA', government({ set_aside: 'SBA' })],
  ['opportunities sitemap', buildGovernmentSitemapQuery({ page: 1, per_page: 500 }, now)],
  ['blog (no filter)', blog({})],
  ['blog category', blog({ category: 'Technician Tips' })],
  ['blog tag', blog({ tag: 'hvac' })],
  ['blog q=maintenance', blog({ q: 'maintenance' })],
  // The worst cases at scale (bench/worst.ts times them): the most common word of each search
  // field, the deepest allowed page (a search's: 1,000 matches), a word with a filter.
  ['directory q=services', directory({ q: 'services' })],
  ['directory q=services page 50', directory({ q: 'services', page: 50 })],
  ['directory q=services name_asc page 50', directory({ q: 'services', sort: 'name_asc', page: 50 })],
  ['directory q=plumbing metro=austin', directory({ q: 'plumbing', metro: 'austin' })],
  ['directory rating_asc page 500', directory({ sort: 'rating_asc', page: 500 })],
  ['directory industry=hvac name_asc page 500', directory({ industry: 'hvac', sort: 'name_asc', page: 500 })],
  ['opportunities keyword=services page 50', government({ keyword: 'services', page: 50 })],
  ['opportunities state=TX page 500', government({ state: 'TX', page: 500 })],
  ['blog q=week', blog({ q: 'week' })],
  ['blog q=week page 66', blog({ q: 'week', page: 66 })],
  ['blog page 500', blog({ page: 500 })],
  ['blog categories', buildListBlogCategoriesQuery({ locale: 'en-US' }, now)],
  ['blog sitemap', buildBlogSitemapQuery({ page: 1, per_page: 1000 }, now)],
];

function walk(node: PlanNode, indexes: Set<string>, seqScans: Set<string>): void {
  if (node['Index Name']) indexes.add(node['Index Name']);
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && TABLES.has(node['Relation Name']))
    seqScans.add(node['Relation Name']);
  for (const child of node.Plans ?? []) walk(child, indexes, seqScans);
}

if (!process.env.DATABASE_URL) {
  console.error('set DATABASE_URL to a seeded PostgreSQL database');
  process.exit(2);
}
const scale = benchScale();
if (scale !== undefined) {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const log = createLogger('silent');
  const database = await openDatabase(config.database, { log });
  try {
    await topUpToScale(
      systemCaller({ orm: database.orm, services: composeServices({ database, config }), config, log }),
      scale,
      false,
    );
  } finally {
    await database.close();
  }
}
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
let sequential = 0;
try {
  for (const [name, query] of cases) {
    const numbered = toNumberedPlaceholders(query);
    const result = await client.query(`explain (format json) ${numbered.sql}`, numbered.params);
    const plan = (result.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]!.Plan;
    const indexes = new Set<string>();
    const seqScans = new Set<string>();
    walk(plan, indexes, seqScans);
    if (seqScans.size > 0) sequential += 1;
    const verdict = seqScans.size > 0 ? `SEQ SCAN on ${[...seqScans].join(', ')}` : 'index';
    console.log(`${name.padEnd(30)} ${verdict.padEnd(8)} ${[...indexes].join(', ')}`);
  }
} finally {
  await client.end();
}
if (sequential > 0) {
  console.error(`\n${sequential} plan(s) read a table sequentially`);
  process.exitCode = 1;
}
