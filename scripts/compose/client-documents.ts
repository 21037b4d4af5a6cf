import {
  createClientDocumentFetcher,
  type ClientDocumentFetcherOptions,
} from '../../adapters/oauth/client-document-fetcher.ts';
import type { Config } from '../../core/config.ts';
import {
  createClientDocumentSource,
  type ClientDocumentSource,
} from '../../core/services/oauth/client-document-cache.ts';

/** Tests: the guard's stubbed DNS answer and a shorter deadline. */
export type ClientDocumentOptions = Pick<ClientDocumentFetcherOptions, 'resolver' | 'timeoutMs'>;

/**
 * CoreServices.oauthClientDocuments of one app: the guarded fetcher (adapters/oauth/) behind the
 * bounded cache (core), with OAUTH_CIMD_ALLOW_HTTP_LOOPBACK applied to both the client_id check and
 * the guard.
 */
export function composeClientDocuments(config: Config, options: ClientDocumentOptions = {}): ClientDocumentSource {
  const { allowHttpLoopback } = config.oauthClientDocuments;
  return createClientDocumentSource(createClientDocumentFetcher({ allowHttpLoopback, ...options }), {
    allowHttpLoopback,
  });
}
