import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { SiteUrls } from '../../core/context.ts';
import { toNumberedPlaceholders } from '../../core/services/sql/query.ts';
import type { BenchCase } from './cases.ts';
import { rateLimitUpsert } from './rate-limit-upsert.ts';

export interface BaselineOptions {
  /** `mapped`: the service's row mappers and the same JSON document; `raw`: the rows as JSON, no mapper. */
  answer: 'mapped' | 'raw';
  /**
   * Many-clients mode: the points the service's limiter reserves for a new client (its lease size).
   * A case with a budget then first sends the rate limiter's upsert for the request's client (the
   * last `X-Forwarded-For` address, as Koa reads it with TRUST_PROXY), then its own query.
   */
  leasePoints?: number;
}

/** The client address Koa answers as `ctx.ip` behind one trusted proxy: the last forwarded one. */
export function forwardedClient(req: IncomingMessage): string | undefined {
  const header = req.headers['x-forwarded-for'];
  if (typeof header !== 'string') return undefined;
  return header.slice(header.lastIndexOf(',') + 1).trim() || undefined;
}

/**
 * The baseline: plain node:http and a pg pool, running each case's SQL (after the rate limiter's
 * upsert in many-clients mode) and answering the same JSON (or the bare rows), with none of the
 * service's layers (Koa, tRPC, validation, ETag, rate-limit bookkeeping, logging).
 */
export async function startBaseline(
  connection: string | pg.PoolConfig,
  cases: BenchCase[],
  poolMax: number,
  options: BaselineOptions,
): Promise<{ url: string; release: () => Promise<void>; stop: () => Promise<void> }> {
  const config = typeof connection === 'string' ? { connectionString: connection } : connection;
  let pool = new pg.Pool({ ...config, max: poolMax });
  const byPath = new Map(cases.map((entry) => [new URL(entry.path, 'http://x').pathname, entry]));
  let urls: SiteUrls = { site: '', base: '' };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const entry = byPath.get(url.pathname);
    if (!entry) {
      res.writeHead(404).end();
      return;
    }
    try {
      const client = options.leasePoints === undefined ? undefined : forwardedClient(req);
      if (client !== undefined && entry.budget) {
        await pool.query(rateLimitUpsert(entry.budget, client, options.leasePoints!, 60));
      }
      const query = toNumberedPlaceholders(entry.query(url.searchParams, new Date()));
      const result = await pool.query(query.sql, query.params);
      const body = JSON.stringify(
        options.answer === 'raw' ? result.rows : entry.respond(result.rows, url.searchParams, urls),
      );
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=60' }).end(body);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  urls = { site, base: `${site}/api` };
  return {
    url: site,
    /** Closes the pool's connections (the next request opens new ones): the embedded socket serves one at a time. */
    async release() {
      const old = pool;
      pool = new pg.Pool({ ...config, max: poolMax });
      await old.end();
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}
