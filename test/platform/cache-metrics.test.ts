import { expect } from 'chai';
import { service } from '../helpers/root-hooks.ts';
import { seedWorkspace } from '../helpers/tenant-isolation.ts';
import { postRaw, rpc, tokenFor } from '../mcp/fixtures.ts';
import { parseExposition, samplesOf, valueOf, type Exposition } from './metrics-text.ts';
import { workerServiceSuite } from '../webhooks/delivery-helpers.ts';
import { ExpiringEntries } from '../../core/services/oauth/expiring-entries.ts';
import { TtlCache } from '../../core/services/government/filter-options-cache.ts';

async function scrape(siteUrl: string): Promise<Exposition> {
  const response = await fetch(`${siteUrl}/api/metrics`);
  expect(response.status, await response.clone().text()).to.equal(200);
  return parseExposition(await response.text());
}

/** The caches of every app (the rate-limit leases exist only for leased budgets, on PostgreSQL). */
const EVERY_APP = [
  'oauth_verified_tokens',
  'oauth_grant_states',
  'oauth_clients',
  'oauth_public_keys',
  'oauth_key_publications',
  'router_vocabulary',
  'government_filter_options',
  'a2a_stream_tasks',
  'event_feed_waits',
  'zone_offsets',
  'day_ranges',
  'oauth_client_documents',
  'ucp_platform_profiles',
  'mcp_tool_views',
];

const entries = (metrics: Exposition, cache: string) => valueOf(metrics, 'fsa_cache_entries', { cache });
const limit = (metrics: Exposition, cache: string) => valueOf(metrics, 'fsa_cache_limit', { cache });

describe('metrics: the in-process caches (fsa_cache_entries, fsa_cache_limit)', function () {
  this.timeout(120_000);

  it('reports every cache and queue of the app with its bound, and no cache above it', async () => {
    const { config, database } = service();
    const metrics = await scrape(config.siteUrl);
    const reported = samplesOf(metrics, 'fsa_cache_limit').map((sample) => sample.labels.cache);
    expect(reported).to.include.members(EVERY_APP);
    const leases = reported.filter((cache) => cache?.startsWith('rate_limit_leases_'));
    // Leased budgets (200 points or more a window) count in leases on PostgreSQL only (leased-limiter.ts).
    if (database.kind === 'postgresql') expect(leases).to.include('rate_limit_leases_public_lists');
    else expect(leases).to.deep.equal([]);
    for (const cache of reported) {
      expect(limit(metrics, cache!), cache).to.be.greaterThan(0);
      expect(entries(metrics, cache!), cache).to.be.within(0, limit(metrics, cache!));
    }
  });

  it('counts what a cache holds: a verified token and its grant after an MCP call', async () => {
    const { config } = service();
    const workspace = await seedWorkspace('cache-metrics');
    const token = await tokenFor(workspace.businessId, 'mcp:read');
    expect((await rpc(token, 'tools/list')).status).to.equal(200);
    const metrics = await scrape(config.siteUrl);
    expect(entries(metrics, 'oauth_verified_tokens')).to.be.at.least(1);
    expect(entries(metrics, 'oauth_grant_states')).to.be.at.least(1);
  });

  it('stops at its bound: more distinct MCP tool views than the limit keep exactly the limit', async () => {
    const { config } = service();
    const workspace = await seedWorkspace('cache-metrics-views');
    const token = await tokenFor(workspace.businessId, 'mcp:read');
    const listed = await rpc(token, 'tools/list');
    const names = (listed.body.result?.tools as Array<{ name: string }>).map((tool) => tool.name);
    const bound = limit(await scrape(config.siteUrl), 'mcp_tool_views');
    // Every pair of tools is a view of its own (X-MCP-Tools); the view is built before the token is read.
    const pairs: string[] = [];
    for (let i = 0; i < names.length && pairs.length < bound + 40; i++)
      for (let j = i + 1; j < names.length && pairs.length < bound + 40; j++) pairs.push(`${names[i]},${names[j]}`);
    expect(pairs.length, 'enough tools to make more views than the bound').to.equal(bound + 40);
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    for (let start = 0; start < pairs.length; start += 20) {
      const answers = await Promise.all(
        pairs.slice(start, start + 20).map((pair) => postRaw(undefined, body, { 'x-mcp-tools': pair })),
      );
      for (const answer of answers) expect(answer.status, answer.text).to.equal(401);
    }
    const metrics = await scrape(config.siteUrl);
    expect(entries(metrics, 'mcp_tool_views')).to.equal(bound);
    expect(limit(metrics, 'mcp_tool_views')).to.equal(bound);
  });

  describe('with the webhook worker running', () => {
    const suite = workerServiceSuite('1s');

    it('reports the delivery queue: attempts in flight, bounded by WEBHOOK_CONCURRENCY', async () => {
      const metrics = await scrape(suite.service.url);
      expect(limit(metrics, 'webhook_attempts_in_flight')).to.equal(suite.service.config.webhookDelivery.concurrency);
      expect(entries(metrics, 'webhook_attempts_in_flight')).to.equal(0);
    });
  });

  describe('the bounded containers themselves', () => {
    it('ExpiringEntries keeps at most its limit, dropping the oldest', () => {
      const cache = new ExpiringEntries<number>(60_000, 3);
      for (let i = 0; i < 10; i++) cache.set(`key-${i}`, i);
      expect(cache.size).to.equal(3);
      expect(cache.get('key-9')?.value).to.equal(9);
      expect(cache.get('key-6')).to.equal(undefined);
      cache.clear();
      expect(cache.size).to.equal(0);
    });

    it('TtlCache holds one entry at most, and none after a failed load', async () => {
      const cache = new TtlCache<number>(60_000);
      expect([cache.size, cache.limit]).to.deep.equal([0, 1]);
      await cache.get(0, async () => 1);
      await cache.get(70_000, async () => 2);
      expect(cache.size).to.equal(1);
      await cache.get(140_000, () => Promise.reject(new Error('down'))).catch(() => undefined);
      expect(cache.size).to.equal(0);
    });
  });
});
