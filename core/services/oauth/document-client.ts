import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/index.ts';
import type { Logger } from '../../logger.ts';
import type { CoreServices } from '../index.ts';
import { clientAddressKey } from '../rate-limit/client-address-key.ts';
import { rateLimitHeaders } from '../rate-limit/headers.ts';
import { checkClientDocument, type DocumentClient } from './client-document.ts';
import { clientDocumentUrlProblem } from './client-document-url.ts';
import { findStoredClient, insertDocumentClient, updateDocumentClient } from './document-clients.query.ts';

/** Who is asking, for the budget a new client draws on. */
export interface DocumentClientCaller {
  services: Pick<CoreServices, 'oauthClientDocuments' | 'oauthRedirectPolicy' | 'rateLimiters'>;
  /** The request's client address; undefined for in-process callers (no budget). */
  clientAddress: string | undefined;
  /** The request's logger: what a failed fetch saw but the visitor may not (the resolved address) goes there. */
  log: Logger;
  now: Date;
}

/**
 * A client_id URL never seen before costs an outbound fetch and, once its document checks out, a
 * new client row: it draws one point of the registration budget of the requesting address
 * (OAUTH_REGISTRATION_PER_HOUR), as a dynamic registration would, so that a stream of made-up
 * document URLs cannot grow the client table or make this server fetch without bound.
 */
async function chargeNewClient(caller: DocumentClientCaller): Promise<void> {
  if (caller.clientAddress === undefined) return;
  const decision = await caller.services.rateLimiters.oauthRegistration.consume(clientAddressKey(caller.clientAddress));
  if (!decision.allowed)
    throw new AppError(
      'RATE_LIMITED',
      `Too many new applications from your network: at most ${decision.policy.points} per ${decision.policy.windowSeconds} seconds per client.`,
      { headers: rateLimitHeaders(decision) },
    );
}

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
 * cache-invalidating notification. A URL without a row draws on the registration budget first
 * (chargeNewClient): RATE_LIMITED beyond it.
 */
export async function documentClient(
  em: EntityManager,
  caller: DocumentClientCaller,
  url: string,
): Promise<DocumentClient> {
  const documents = caller.services.oauthClientDocuments;
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
  const stored = await findStoredClient(em, url);
  if (stored && stored.source !== 'metadata_document')
    throw new AppError('AUTHORIZATION_REQUEST_INVALID', "The application's client_id names a registered client.");
  if (!stored) await chargeNewClient(caller);
  const fetched = await documents.fetch(url);
  if (!fetched.ok) {
    caller.log.warn(
      { clientId: url, reason: fetched.problem, ...(fetched.detail ? { detail: fetched.detail } : {}) },
      'client metadata document not fetched',
    );
    throw new AppError(
      'CLIENT_METADATA_DOCUMENT_UNAVAILABLE',
      `The application's client metadata document (${new URL(url).host}) ${fetched.problem}.`,
    );
  }
  let client: DocumentClient;
  try {
    client = checkClientDocument(url, fetched.body, caller.services.oauthRedirectPolicy);
  } catch (error) {
    if (error instanceof AppError)
      caller.log.warn({ clientId: url, reason: error.message }, 'client metadata document refused');
    throw error;
  }
  const changed = !stored || stored.metadataFingerprint !== client.fingerprint;
  // Said when the row is written (a new or changed document), not at every sign-in; a burst of
  // first sign-ins racing to write the row may each say it, which is harmless.
  if (changed && (client.ignored.redirectUris.length > 0 || client.ignored.grantTypes.length > 0))
    caller.log.warn(
      {
        clientId: url,
        ignoredRedirectUris: client.ignored.redirectUris,
        ignoredGrantTypes: client.ignored.grantTypes,
      },
      'client metadata document accepted without the entries this server does not allow',
    );
  if (!stored) await insertDocumentClient(em.fork(), client, caller.now);
  else if (changed) await updateDocumentClient(em.fork(), client);
  return client;
}
