import type { ClientDocumentFetcher } from '../../core/services/oauth/client-document-port.ts';
import { API_VERSION } from '../../core/version.ts';
import type { Resolver } from '../outbound/guarded-lookup.ts';
import { createGuardedJsonFetch } from '../outbound/guarded-json-fetch.ts';

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

/**
 * The ClientDocumentFetcher port: one guarded GET per call (adapters/outbound/guarded-json-fetch.ts:
 * the connect-time SSRF guard, no redirects, a deadline, the body cut at 5 KiB, JSON only). Never throws.
 */
export function createClientDocumentFetcher(options: ClientDocumentFetcherOptions): ClientDocumentFetcher {
  const fetchJson = createGuardedJsonFetch({
    allowHttpLoopback: options.allowHttpLoopback,
    maxBytes: CLIENT_DOCUMENT_MAX_BYTES,
    timeoutMs: options.timeoutMs ?? CLIENT_DOCUMENT_TIMEOUT_MS,
    userAgent: `field-service-api-oauth/${API_VERSION}`,
    ...(options.resolver ? { resolver: options.resolver } : {}),
  });
  return {
    async fetch(target) {
      const fetched = await fetchJson(target);
      if (fetched.ok) return fetched;
      return { ...fetched, kind: fetched.kind === 'refused' ? 'refused' : 'failed' };
    },
  };
}
