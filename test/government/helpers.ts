import { request as httpRequest, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomInt } from 'node:crypto';
import { closeGracefully } from '../../adapters/http/graceful-close.ts';
import { withListeningPort } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import type { CoreServices } from '../../core/services/index.ts';
import { createRateLimiter } from '../../core/services/rate-limit/rate-limiter.ts';
import { createCoreServices } from '../../orm/core-services.ts';
import { composeApp } from '../../scripts/compose/compose-app.ts';
import { LogSink } from '../helpers/log-sink.ts';
import { service } from '../helpers/root-hooks.ts';

export const LIST = '/api/v1/government-opportunities/public';

export interface GovernmentApp {
  url: string;
  /**
   * {site_url} as the app answers its requests: SITE_URL is unset, so a request on 127.0.0.1 is
   * answered in that loopback name (adapters/http/site-urls.ts), not the default localhost.
   */
  site: string;
  close(): Promise<void>;
}

export interface GovernmentAppOptions {
  /** The government budget per client and minute. */
  points: number;
  trustProxy?: boolean;
  /**
   * `shared`: the service's own store (PostgreSQL table on a server database, memory otherwise);
   * `memory`: this app's memory only, so that functional tests neither spend nor see the
   * budget that other suites' clients (all 127.0.0.1) draw on in the shared table.
   */
  store?: 'shared' | 'memory';
  /** Core services to reuse (two apps over one services object share its memory store). */
  services?: CoreServices;
}

/**
 * The real app over the shared service's database, with its own rate-limit configuration, on
 * its own listening socket.
 */
export async function startGovernmentApp(options: GovernmentAppOptions): Promise<GovernmentApp> {
  const shared = service();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const config = withListeningPort(
    {
      ...shared.config,
      siteUrlConfigured: false,
      trustProxy: options.trustProxy ?? false,
      rateLimits: { ...shared.config.rateLimits, government: { points: options.points, windowSeconds: 60 } },
    },
    port,
  );
  let services = options.services ?? createCoreServices(shared.database, config);
  if (options.store === 'memory') {
    const government = createRateLimiter(
      { name: 'gov', points: options.points, windowSeconds: 60 },
      { kind: 'memory' },
    );
    services = { ...services, rateLimiters: { ...services.rateLimiters, government } };
  }
  const app = composeApp({ config, database: shared.database, services, log: createLogger('silent', new LogSink()) });
  server.on('request', app.callback());
  const url = `http://127.0.0.1:${port}`;
  return { url, site: url, close: () => closeGracefully(server, 1000) };
}

/** A random client address from 198.18.0.0/15 (reserved for benchmarking): a fresh budget key per test run. */
export function randomClientAddress(): string {
  return `198.${randomInt(18, 20)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** A random loopback source address (Linux routes all of 127.0.0.0/8 to lo). */
export function randomLoopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET from a chosen local (source) address, which fetch cannot do. */
export function getFrom(url: string, localAddress: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET', localAddress, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
