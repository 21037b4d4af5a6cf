import { createLogger } from '../../core/logger.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { tenantCaller } from '../helpers/workspace.ts';

export type Json = Record<string, any>;

export interface FeedBusiness {
  id: string;
  slug: string;
  /** A workspace API token with events:read. */
  token: string;
  /** GET {base_url}/v1/events{path}?{query} with this business's token (or the one given, or none). */
  feed: (query?: Record<string, string | number>, path?: string, bearer?: string | null) => Promise<JsonResponse<Json>>;
  /** A customer created through the workspace write (its customer.created event in the same transaction). */
  createCustomer: (name: string) => Promise<{ id: string }>;
  /** Another token of the business with these scopes. */
  tokenWith: (
    scopes: Array<'workspace:read' | 'workspace:write' | 'webhooks:manage' | 'events:read'>,
  ) => Promise<string>;
}

/** A new business and an events:read token, through the same admin procedures `npm run admin` uses. */
export async function feedBusiness(label: string, baseUrl = `${service().url}/api`): Promise<FeedBusiness> {
  const running = service();
  const admin = systemCaller({
    orm: running.database.orm,
    services: running.services,
    config: running.config,
    log: createLogger('silent'),
  });
  const suffix = Math.random().toString(36).slice(2, 8);
  const business = await admin.accounts.createBusiness({
    name: `Events ${label} ${suffix}`,
    time_zone: 'America/Chicago',
    currency: 'USD',
  });
  const tokenWith: FeedBusiness['tokenWith'] = async (scopes) =>
    (await admin.accounts.createApiToken({ business: business.slug, name: `events ${scopes.join(' ')}`, scopes }))
      .token;
  const token = await tokenWith(['events:read']);
  const feed: FeedBusiness['feed'] = (query = {}, path = '', bearer = token) =>
    request<Json>(
      `${baseUrl}/v1/events${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      { headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` } },
    );
  const writer = tenantCaller(business.id);
  const createCustomer = async (name: string) => {
    const { id } = await writer.workspace.customers.createCustomer({ name });
    await feedCaughtUp();
    return { id };
  };
  return { id: business.id, slug: business.slug, token, feed, createCustomer, tokenWith };
}

/**
 * Waits until the feed's horizon (the oldest transaction running on the server) has passed every
 * transaction committed so far. The feed holds back behind any running transaction, in any database
 * of the server: another test process's, on a shared server.
 */
export async function feedCaughtUp(): Promise<void> {
  const [{ mark }] = (await sql<{ mark: string }>('select pg_current_xact_id()::text as mark')) as [{ mark: string }];
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [{ passed }] = (await sql<{ passed: boolean }>(
      'select pg_snapshot_xmin(pg_current_snapshot()) >= ?::xid8 as passed',
      [mark],
    )) as [{ passed: boolean }];
    if (passed) return;
    if (Date.now() > deadline) throw new Error('the feed horizon did not pass the write within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every event of the business from the start, page by page (`limit` each): the ids in order, and the cursors. */
export async function readAll(
  business: FeedBusiness,
  limit: number,
  query: Record<string, string> = {},
): Promise<{ ids: string[]; cursors: string[]; items: Json[] }> {
  const items: Json[] = [];
  const cursors: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await business.feed({ limit, ...query, ...(after ? { after } : {}) });
    if (page.status !== 200) throw new Error(page.text);
    items.push(...(page.body.items as Json[]));
    cursors.push(page.body.next_cursor as string);
    if ((page.body.items as Json[]).length === 0) break;
    after = page.body.next_cursor as string;
  }
  return { ids: items.map((item) => item.id as string), cursors, items };
}
