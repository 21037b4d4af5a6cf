import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ClientDocumentFetcher, FetchedClientDocument } from '../../core/services/oauth/client-document-port.ts';
import { API_VERSION } from '../../core/version.ts';
import {
  AddressRefusedError,
  guardedLookup,
  refuseLiteralAddress,
  systemResolver,
  type Resolver,
} from '../outbound/guarded-lookup.ts';
import { outboundFailure } from '../outbound/outbound-failure.ts';

/** The draft's suggested bound on a metadata document (section 6.6: "5 kilobytes"); counted as the body streams in. */
const CLIENT_DOCUMENT_MAX_BYTES = 5 * 1024;
/** The whole fetch's deadline (connect, TLS, response, body): a user is waiting on the authorization page. */
const CLIENT_DOCUMENT_TIMEOUT_MS = 5_000;

export interface ClientDocumentFetcherOptions {
  /** OAUTH_CIMD_ALLOW_HTTP_LOOPBACK: http to 127.0.0.1 allowed, and loopback addresses pass the guard (never private ones). */
  allowHttpLoopback: boolean;
  /** Tests: a stubbed DNS answer for the connect-time guard. */
  resolver?: Resolver;
  /** Tests: a shorter deadline. */
  timeoutMs?: number;
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

function failed(problem: string): FetchedClientDocument {
  return { ok: false, kind: 'failed', problem };
}

/** A request that failed before any answer, told without our resolver's answers (outboundFailure). */
function unreachable(error: unknown): FetchedClientDocument {
  const { message, detail } = outboundFailure(error);
  const kind = error instanceof AddressRefusedError ? 'refused' : 'failed';
  return { ok: false, kind, problem: `was not fetched: ${message.replace(/\.$/, '')}`, detail };
}

/**
 * The ClientDocumentFetcher port over node:http(s): one GET per call, through the same
 * connect-time SSRF guard as webhook deliveries (adapters/outbound/guarded-lookup.ts: every address
 * the host resolves to must be public, checked on the answer the socket uses; a literal IP host is
 * checked before connecting), no keep-alive (each fetch is checked afresh), redirects never followed
 * (a 3xx is a failure: the document must be served at its own URL), a deadline for the whole
 * exchange, the body counted while it streams and cut at CLIENT_DOCUMENT_MAX_BYTES (a
 * Content-Length over it is refused before reading), JSON content types only, no content coding.
 * Never throws.
 */
export function createClientDocumentFetcher(options: ClientDocumentFetcherOptions): ClientDocumentFetcher {
  const allowance = options.allowHttpLoopback ? 'public-or-loopback' : 'public';
  const lookup = guardedLookup(options.resolver ?? systemResolver, allowance);
  const timeoutMs = options.timeoutMs ?? CLIENT_DOCUMENT_TIMEOUT_MS;

  function read(response: IncomingMessage, settle: (result: FetchedClientDocument) => void): void {
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400) {
      response.destroy();
      settle(failed(`answered a redirect (${status}), which is not followed: serve the document at its own URL`));
      return;
    }
    if (status !== 200) {
      response.destroy();
      settle(failed(`answered HTTP ${status} instead of 200`));
      return;
    }
    if (!isJsonType(response.headers['content-type'])) {
      response.destroy();
      settle(failed('is not served as application/json'));
      return;
    }
    const coding = response.headers['content-encoding'];
    if (coding !== undefined && coding.toLowerCase() !== 'identity') {
      response.destroy();
      settle(failed(`is sent with a content coding (${coding.slice(0, 40)}), which is not accepted`));
      return;
    }
    const tooLarge = `is larger than ${CLIENT_DOCUMENT_MAX_BYTES} bytes`;
    if (Number(response.headers['content-length'] ?? 0) > CLIENT_DOCUMENT_MAX_BYTES) {
      response.destroy();
      settle(failed(tooLarge));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > CLIENT_DOCUMENT_MAX_BYTES) {
        response.destroy();
        settle(failed(tooLarge));
        return;
      }
      chunks.push(chunk);
    });
    response.on('error', (error) => settle(unreachable(error)));
    response.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)));
      } catch {
        settle(failed('is not valid JSON'));
        return;
      }
      settle({ ok: true, body, ...cacheDirectives(response.headers['cache-control']) });
    });
  }

  return {
    fetch(target) {
      let url: URL;
      try {
        url = new URL(target);
        if (url.protocol !== 'https:' && !(options.allowHttpLoopback && url.protocol === 'http:'))
          return Promise.resolve(failed('is not an https URL'));
        refuseLiteralAddress(url.hostname, allowance);
      } catch (error) {
        return Promise.resolve(
          error instanceof AddressRefusedError ? unreachable(error) : failed('is not a valid URL'),
        );
      }
      return new Promise((resolve) => {
        let settled = false;
        const settle = (result: FetchedClientDocument) => {
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
          headers: { accept: 'application/json', 'user-agent': `field-service-api-oauth/${API_VERSION}` },
        });
        const timer = setTimeout(() => settle(failed(`did not arrive within ${timeoutMs / 1000} seconds`)), timeoutMs);
        request.on('response', (response) => read(response, settle));
        request.on('error', (error) => settle(unreachable(error)));
        request.end();
      });
    },
  };
}
