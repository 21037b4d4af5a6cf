import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  AddressRefusedError,
  guardedLookup,
  refuseLiteralAddress,
  systemResolver,
  type Resolver,
} from './guarded-lookup.ts';
import { outboundFailure } from './outbound-failure.ts';

/**
 * What one guarded fetch of a JSON document answered: the parsed body and its caching, or why not:
 * `refused` (the guard would not connect: not a public address, or the name did not resolve),
 * `unreachable` (no 200: a connection error, a status, a redirect, the deadline), `invalid` (a 200
 * whose body is not acceptable JSON: its type, coding, size or syntax).
 */
export type FetchedJson =
  | { ok: true; body: unknown; maxAgeSeconds: number | undefined; noStore: boolean }
  | { ok: false; kind: 'refused' | 'unreachable' | 'invalid'; problem: string; detail?: string };

export interface GuardedJsonFetchOptions {
  /** http to loopback allowed, and loopback addresses pass the guard (never private ones): development and tests. */
  allowHttpLoopback: boolean;
  /** The body's bound, counted as it streams. */
  maxBytes: number;
  /** The whole exchange's deadline (connect, TLS, response, body). */
  timeoutMs: number;
  userAgent: string;
  /** Tests: a stubbed DNS answer for the connect-time guard. */
  resolver?: Resolver;
}

/** `application/json` or `application/<anything>+json`, with any parameters. */
function isJsonType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type);
}

/** Cache-Control's reuse directives: no-store / no-cache, and max-age in whole seconds. */
function cacheDirectives(header: string | undefined): { noStore: boolean; maxAgeSeconds: number | undefined } {
  const directives = (header ?? '')
    .toLowerCase()
    .split(',')
    .map((directive) => directive.trim());
  const noStore = directives.some((directive) => directive === 'no-store' || directive === 'no-cache');
  const maxAge = directives.map((directive) => /^max-age=(\d{1,10})$/.exec(directive)).find((match) => match);
  return { noStore, maxAgeSeconds: maxAge ? Number(maxAge[1]) : undefined };
}

function unreachable(problem: string): FetchedJson {
  return { ok: false, kind: 'unreachable', problem };
}

function invalid(problem: string): FetchedJson {
  return { ok: false, kind: 'invalid', problem };
}

/** A request that failed before any answer, told without our resolver's answers (outboundFailure). */
function failedConnection(error: unknown): FetchedJson {
  const { message, detail } = outboundFailure(error);
  const kind = error instanceof AddressRefusedError ? 'refused' : 'unreachable';
  return { ok: false, kind, problem: `was not fetched: ${message.replace(/\.$/, '')}`, detail };
}

/**
 * One GET of a JSON document at a URL someone else chose, over node:http(s), through the
 * connect-time SSRF guard of webhook deliveries (guarded-lookup.ts: every address the host resolves
 * to must be public, checked on the answer the socket uses; a literal IP host is checked before
 * connecting), no keep-alive (each fetch is checked afresh), redirects never followed (a 3xx is a
 * failure: the document must be served at its own URL), a deadline for the whole exchange, the body
 * counted while it streams and cut at `maxBytes` (a Content-Length over it is refused before
 * reading), JSON content types only, no content coding. Never throws. Used for OAuth client ID
 * metadata documents and UCP platform profiles.
 */
export function createGuardedJsonFetch(options: GuardedJsonFetchOptions): (target: string) => Promise<FetchedJson> {
  const allowance = options.allowHttpLoopback ? 'public-or-loopback' : 'public';
  const lookup = guardedLookup(options.resolver ?? systemResolver, allowance);
  const { maxBytes, timeoutMs } = options;

  function read(response: IncomingMessage, settle: (result: FetchedJson) => void): void {
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400) {
      response.destroy();
      settle(unreachable(`answered a redirect (${status}), which is not followed: serve the document at its own URL`));
      return;
    }
    if (status !== 200) {
      response.destroy();
      settle(unreachable(`answered HTTP ${status} instead of 200`));
      return;
    }
    if (!isJsonType(response.headers['content-type'])) {
      response.destroy();
      settle(invalid('is not served as application/json'));
      return;
    }
    const coding = response.headers['content-encoding'];
    if (coding !== undefined && coding.toLowerCase() !== 'identity') {
      response.destroy();
      settle(invalid(`is sent with a content coding (${coding.slice(0, 40)}), which is not accepted`));
      return;
    }
    const tooLarge = `is larger than ${maxBytes} bytes`;
    if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
      response.destroy();
      settle(invalid(tooLarge));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        settle(invalid(tooLarge));
        return;
      }
      chunks.push(chunk);
    });
    response.on('error', (error) => settle(failedConnection(error)));
    response.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)));
      } catch {
        settle(invalid('is not valid JSON'));
        return;
      }
      settle({ ok: true, body, ...cacheDirectives(response.headers['cache-control']) });
    });
  }

  return (target) => {
    let url: URL;
    try {
      url = new URL(target);
      if (url.protocol !== 'https:' && !(options.allowHttpLoopback && url.protocol === 'http:'))
        return Promise.resolve(unreachable('is not an https URL'));
      refuseLiteralAddress(url.hostname, allowance);
    } catch (error) {
      return Promise.resolve(
        error instanceof AddressRefusedError ? failedConnection(error) : unreachable('is not a valid URL'),
      );
    }
    return new Promise((resolve) => {
      let settled = false;
      const settle = (result: FetchedJson) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.destroy();
        resolve(result);
      };
      const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
        method: 'GET',
        agent: false,
        lookup,
        headers: { accept: 'application/json', 'user-agent': options.userAgent },
      });
      const timer = setTimeout(
        () => settle(unreachable(`did not arrive within ${timeoutMs / 1000} seconds`)),
        timeoutMs,
      );
      request.on('response', (response) => read(response, settle));
      request.on('error', (error) => settle(failedConnection(error)));
      request.end();
    });
  };
}
