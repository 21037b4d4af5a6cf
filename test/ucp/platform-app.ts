import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeGracefully } from '../../adapters/http/graceful-close.ts';
import type { Resolver } from '../../adapters/outbound/guarded-lookup.ts';
import { loadConfig, type Config } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { createCoreServices } from '../../orm/core-services.ts';
import { composeApp } from '../../scripts/compose/compose-app.ts';
import { composeUcpPlatformProfiles } from '../../scripts/compose/ucp-platform-profiles.ts';
import { DocumentServer } from '../oauth/client-document-fixtures.ts';
import { LogSink } from '../helpers/log-sink.ts';
import { service } from '../helpers/root-hooks.ts';

/** The DNS answers of the profile fetcher's guard in these tests: never a real look-up. */
const stubResolver: Resolver = (hostname) => {
  const table: Record<string, string> = { 'private.ucp.test': '10.0.0.9', 'metadata.ucp.test': '169.254.169.254' };
  const address = table[hostname];
  return address
    ? Promise.resolve([{ address, family: 4 }])
    : Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
};

/** A valid UCP 2026-08-25 platform profile (UCP overview, Platform Profile), with `capabilities` as given. */
export function platformProfile(capabilities?: Record<string, unknown[]>, version = '2026-08-25'): unknown {
  const entry = (name: string) => ({
    version,
    spec: `https://ucp.dev/${version}/specification/${name}`,
    schema: `https://ucp.dev/${version}/schemas/shopping/${name}.json`,
  });
  return {
    ucp: {
      version,
      services: {
        'dev.ucp.shopping': [
          {
            version,
            spec: `https://ucp.dev/${version}/specification/overview/`,
            transport: 'rest',
            schema: `https://ucp.dev/${version}/services/shopping/rest.openapi.json`,
            endpoint: 'https://platform.example/ucp/v1',
          },
        ],
      },
      capabilities: capabilities ?? {
        'dev.ucp.shopping.checkout': [entry('checkout')],
        'dev.ucp.shopping.fulfillment': [{ ...entry('fulfillment'), extends: 'dev.ucp.shopping.checkout' }],
      },
      payment_handlers: {},
    },
  };
}

/** The header naming a profile. */
export const ucpAgent = (url: string): { 'UCP-Agent': string } => ({ 'UCP-Agent': `profile="${url}"` });

export interface PlatformApp {
  url: string;
  baseUrl: string;
  config: Config;
  logs: LogSink;
  /** Moves the profile cache's clock. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/**
 * The real app over the shared database with UCP_PROFILE_ALLOW_HTTP_LOOPBACK on, the profile
 * fetcher's resolver stubbed, a short fetch deadline and a cache clock the test moves; payments
 * configured from `paymentVariables` when given (loadConfig, as at start).
 */
async function startPlatformApp(paymentVariables?: Record<string, string>): Promise<PlatformApp> {
  const shared = service();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const payments = paymentVariables
    ? loadConfig({ ...paymentVariables, DATA_DIR: shared.config.database.dataDir }).payments
    : shared.config.payments;
  const config: Config = {
    ...shared.config,
    siteUrl: url,
    baseUrl: `${url}/api`,
    payments,
    ucpPlatformProfiles: { allowHttpLoopback: true },
  };
  let offset = 0;
  const ucpPlatformProfiles = composeUcpPlatformProfiles(config, {
    resolver: stubResolver,
    timeoutMs: 400,
    now: () => performance.now() + offset,
  });
  const services = { ...createCoreServices(shared.database, config), ucpPlatformProfiles };
  const logs = new LogSink();
  const app = composeApp({ config, database: shared.database, services, log: createLogger('warn', logs) });
  server.on('request', app.callback());
  return {
    url,
    baseUrl: `${url}/api`,
    config,
    logs,
    advance: (ms) => (offset += ms),
    close: () => closeGracefully(server, 1000),
  };
}

/** A profile server and a platform app for one describe block. */
export function platformSuite(paymentVariables?: () => Record<string, string>): {
  profiles: DocumentServer;
  readonly app: PlatformApp;
  /** A fresh valid profile's URL (its own path, so its hits are its own). */
  validProfile(): string;
} {
  const profiles = new DocumentServer();
  let app: PlatformApp | undefined;
  before(async () => {
    await profiles.start();
    app = await startPlatformApp(paymentVariables?.());
  });
  after(async () => {
    await app?.close();
    await profiles.stop();
  });
  return {
    profiles,
    get app() {
      if (!app) throw new Error('the platform app starts in the suite’s before hook');
      return app;
    },
    validProfile: () =>
      profiles.publish({ body: platformProfile(), headers: { 'cache-control': 'public, max-age=120' } }),
  };
}
