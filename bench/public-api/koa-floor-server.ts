import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import type { SiteUrls } from '../../core/context.ts';
import { runQuery, type SqlSource } from '../../core/services/sql/query.ts';
import { forwardedClient } from './baseline-server.ts';
import type { BenchCase } from './cases.ts';
import { rateLimitUpsert, type RateLimitUpsert } from './rate-limit-upsert.ts';

interface KnexPool {
  acquireConnection(): Promise<{ query(query: RateLimitUpsert): Promise<unknown> }>;
  releaseConnection(connection: unknown): Promise<void>;
}

/** The rate limiter's upsert through the service's pool, as rate-limiter-flexible sends it (its own connection). */
async function upsert(sql: SqlSource, statement: RateLimitUpsert): Promise<void> {
  const pool = sql.getKnex().client as KnexPool;
  const connection = await pool.acquireConnection();
  try {
    await connection.query(statement);
  } finally {
    await pool.releaseConnection(connection);
  }
}

/**
 * The floor of the service's own stack: Koa and @koa/router, running each case's SQL through the
 * service's connection pool (runQuery) and mapping its rows to the same JSON, with nothing else:
 * no tRPC call, no input validation, no envelope (id, log line, security headers, CORS, ETag,
 * errors). The service cannot be cheaper than this, so its ratio to the baseline says how much
 * of the service's gap is the mandated stack and how much is the service's own layers.
 * With `leasePoints` (many-clients mode) a case with a budget first sends the rate limiter's upsert
 * for the request's client, as the baseline does.
 */
export async function startKoaFloor(
  sql: SqlSource,
  cases: BenchCase[],
  leasePoints?: number,
): Promise<{ url: string; stop: () => Promise<void> }> {
  let urls: SiteUrls = { site: '', base: '' };
  const router = new Router();
  for (const entry of cases) {
    router.get(new URL(entry.path, 'http://x').pathname, async (ctx) => {
      const params = new URLSearchParams(ctx.querystring);
      const client = leasePoints === undefined ? undefined : forwardedClient(ctx.req);
      if (client !== undefined && entry.budget)
        await upsert(sql, rateLimitUpsert(entry.budget, client, leasePoints!, 60));
      const rows = await runQuery(sql, entry.query(params, new Date()));
      ctx.set('Content-Type', 'application/json');
      ctx.set('Cache-Control', 'public, max-age=60');
      ctx.body = JSON.stringify(entry.respond(rows, params, urls));
    });
  }
  const app = new Koa();
  app.silent = true;
  app.use(router.routes());
  const server: Server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  urls = { site, base: `${site}/api` };
  return {
    url: site,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
