import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/index.ts';
import type { ClientDocumentSource } from './client-document-cache.ts';
import { checkClientDocument, type DocumentClient } from './client-document.ts';
import { clientDocumentUrlProblem } from './client-document-url.ts';
import { findStoredClient, insertDocumentClient, updateDocumentClient } from './document-clients.query.ts';
import type { RedirectUriPolicy } from './redirect-uri-policy.ts';

/**
 * The client named by a client ID metadata document URL, at the authorization endpoint: the URL is
 * checked, the document fetched (through the cache and the guarded fetcher) and checked, and the
 * client's row brought up to date, so that the grant, the code, the token endpoint, refresh and
 * revocation find it like any registered client. Every failure throws an error the browser is shown
 * (never a redirect: nothing about the redirect URI is verified yet):
 * AUTHORIZATION_REQUEST_INVALID (the URL itself, or CIMD not served here),
 * CLIENT_METADATA_DOCUMENT_UNAVAILABLE (the fetch failed or was refused),
 * CLIENT_METADATA_DOCUMENT_INVALID (the document is not this client's or breaks a rule).
 *
 * The row is read on every call (one primary-key read, as for a registered client) and written only
 * when missing or when the document changed, so an unchanged document costs no write and no
 * cache-invalidating notification.
 */
export async function documentClient(
  em: EntityManager,
  documents: ClientDocumentSource | undefined,
  policy: RedirectUriPolicy,
  url: string,
  now: Date,
): Promise<DocumentClient> {
  if (!documents)
    throw new AppError(
      'AUTHORIZATION_REQUEST_INVALID',
      'The application identifies itself by a client metadata document URL, which this server does not accept here.',
    );
  const problem = clientDocumentUrlProblem(url, documents.allowHttpLoopback);
  if (problem)
    throw new AppError(
      'AUTHORIZATION_REQUEST_INVALID',
      `The application's client_id is a URL that cannot name a client metadata document: it ${problem}.`,
    );
  const fetched = await documents.fetch(url);
  if (!fetched.ok)
    throw new AppError(
      'CLIENT_METADATA_DOCUMENT_UNAVAILABLE',
      `The application's client metadata document (${new URL(url).host}) ${fetched.problem}.`,
    );
  const client = checkClientDocument(url, fetched.body, policy);
  const stored = await findStoredClient(em, url);
  if (!stored) await insertDocumentClient(em.fork(), client, now);
  else if (stored.source !== 'metadata_document')
    throw new AppError('AUTHORIZATION_REQUEST_INVALID', 'The application’s client_id names a registered client.');
  else if (stored.metadataFingerprint !== client.fingerprint) await updateDocumentClient(em.fork(), client);
  return client;
}
