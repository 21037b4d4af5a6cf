import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { closeGracefully } from '../../adapters/http/graceful-close.ts';
import type { Resolver } from '../../adapters/outbound/guarded-lookup.ts';
import { createClientDocumentFetcher } from '../../adapters/oauth/client-document-fetcher.ts';
import type { Config } from '../../core/config.ts';
import { createClientDocumentSource } from '../../core/services/oauth/client-document-cache.ts';
import { createLogger } from '../../core/logger.ts';
import { createCoreServices } from '../../orm/core-services.ts';
import { composeClientDocuments } from '../../scripts/compose/client-documents.ts';
import { composeApp } from '../../scripts/compose/compose-app.ts';
import { LogSink } from '../helpers/log-sink.ts';
import { service } from '../helpers/root-hooks.ts';

/** How the document server answers one path: a JSON body (or raw text), a status, headers, or never. */
export interface DocumentRoute {
  body?: unknown;
  raw?: string;
  status?: number;
  headers?: Record<string, string>;
  /** Never answer (the fetcher's deadline must end it). */
  hang?: boolean;
  /** Send Content-Length (otherwise the body is chunked, its size unknown until it has streamed). */
  announceLength?: boolean;
  /** Hold the answer until this promise settles (concurrent authorizations). */
  holdUntil?: Promise<void>;
}

/**
 * A tiny loopback server publishing client ID metadata documents, counting the requests of each
 * path: what a CIMD client would host at its https client_id URL, on http://127.0.0.1 (allowed by
 * OAUTH_CIMD_ALLOW_HTTP_LOOPBACK).
 */
export class DocumentServer {
  readonly routes = new Map<string, DocumentRoute>();
  readonly hits = new Map<string, number>();
  private readonly hanging = new Set<ServerResponse>();
  private server: Server | undefined;
  origin = '';

  async start(): Promise<void> {
    this.server = createServer((request: IncomingMessage, response: ServerResponse) => {
      void this.answer(request, response);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = request.url ?? '/';
    this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
    const route = this.routes.get(path);
    if (!route) {
      response.writeHead(404).end();
      return;
    }
    if (route.hang) {
      this.hanging.add(response);
      return;
    }
    if (route.holdUntil) await route.holdUntil;
    const text = route.raw ?? JSON.stringify(route.body);
    const length = route.announceLength ? { 'content-length': String(Buffer.byteLength(text)) } : {};
    response.writeHead(route.status ?? 200, { 'content-type': 'application/json', ...length, ...route.headers });
    response.end(text);
  }

  /** A fresh path with this route; answers its URL (the client_id). */
  publish(route: DocumentRoute | ((url: string) => DocumentRoute)): string {
    const path = `/clients/${randomBytes(6).toString('hex')}.json`;
    const url = `${this.origin}${path}`;
    this.routes.set(path, typeof route === 'function' ? route(url) : route);
    return url;
  }

  hitsOf(url: string): number {
    return this.hits.get(new URL(url).pathname) ?? 0;
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    if (this.server) await closeGracefully(this.server, 1000);
  }
}

/** The DNS answers of the fetcher's guard in these tests: never a real look-up. */
const stubResolver: Resolver = (hostname) => {
  const table: Record<string, string> = {
    'private.cimd.test': '10.0.0.7',
    'metadata.cimd.test': '169.254.169.254',
    'rebind.cimd.test': '192.168.1.20',
  };
  const address = table[hostname];
  return address
    ? Promise.resolve([{ address, family: 4 }])
    : Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
};

export interface CimdApp {
  url: string;
  config: Config;
  /** The app's log lines (warn and above). */
  logs: LogSink;
  close(): Promise<void>;
}

/**
 * The real app on the shared database with OAUTH_CIMD_ALLOW_HTTP_LOOPBACK on, the guard's resolver
 * stubbed and a short fetch deadline, on a socket of its own (its site URL is its listening origin).
 * `serveHttpsFrom`: the app accepts https client_ids only (the flag off) and its fetcher is handed
 * the same path on this loopback origin instead, so that a real client, which insists on an https
 * clientMetadataUrl, can be authorized without a TLS server (only the transport port is swapped).
 * `registrationPerHour`: a budget of its own, counted per X-Forwarded-For address (TRUST_PROXY).
 */
export async function startCimdApp(
  options: { timeoutMs?: number; serveHttpsFrom?: string; registrationPerHour?: number } = {},
): Promise<CimdApp> {
  const shared = service();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config: Config = {
    ...shared.config,
    siteUrl: url,
    baseUrl: `${url}/api`,
    oauthClientDocuments: { allowHttpLoopback: options.serveHttpsFrom === undefined },
    ...(options.registrationPerHour === undefined
      ? {}
      : { oauthRegistrationPerHour: options.registrationPerHour, trustProxy: true }),
  };
  const fetchOptions = { resolver: stubResolver, timeoutMs: options.timeoutMs ?? 400 };
  const { serveHttpsFrom } = options;
  let documents = composeClientDocuments(config, fetchOptions);
  if (serveHttpsFrom !== undefined) {
    const loopback = createClientDocumentFetcher({ allowHttpLoopback: true, ...fetchOptions });
    documents = createClientDocumentSource(
      { fetch: (url) => loopback.fetch(`${serveHttpsFrom}${new URL(url).pathname}`) },
      { allowHttpLoopback: false },
    );
  }
  const services = { ...createCoreServices(shared.database, config), oauthClientDocuments: documents };
  const logs = new LogSink();
  const app = composeApp({ config, database: shared.database, services, log: createLogger('warn', logs) });
  server.on('request', app.callback());
  return { url, config, logs, close: () => closeGracefully(server, 1000) };
}

/**
 * A document server and a CIMD app started before the current suite and closed after it; `options`
 * may depend on the started document server. Read `app` once the suite runs (in hooks and tests).
 */
export function cimdSuite(options: (documents: DocumentServer) => Parameters<typeof startCimdApp>[0] = () => ({})): {
  documents: DocumentServer;
  readonly app: CimdApp;
} {
  const documents = new DocumentServer();
  let app: CimdApp | undefined;
  before(async () => {
    await documents.start();
    app = await startCimdApp(options(documents));
  });
  after(async () => {
    await app?.close();
    await documents.stop();
  });
  return {
    documents,
    get app() {
      if (!app) throw new Error('the CIMD app starts in the suite’s before hook');
      return app;
    },
  };
}
