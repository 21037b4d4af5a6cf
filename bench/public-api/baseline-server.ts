import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { SiteUrls } from '../../core/context.ts';
import { toNumberedPlaceholders } from '../../core/services/sql/query.ts';
import type { BenchCase } from './cases.ts';

/**
 * The baseline: plain node:http and a pg pool, running each case's SQL and mapping its rows to the
 * same JSON, with none of the service's layers (Koa, tRPC, validation, ETag, rate limit, logging).
 */
export async function startBaseline(
  databaseUrl: string,
  cases: BenchCase[],
  poolMax: number,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax });
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
      const query = toNumberedPlaceholders(entry.query(url.searchParams, new Date()));
      const result = await pool.query(query.sql, query.params);
      const body = JSON.stringify(entry.respond(result.rows, url.searchParams, urls));
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
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}
