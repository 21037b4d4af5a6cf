import type { EntityManager } from '@mikro-orm/postgresql';
import { OAuthClient } from '../../../orm/entities/oauth/client.ts';
import { runQuery, type SqlSource } from '../sql/query.ts';
import type { DocumentClient } from './client-document.ts';

/** The stored client row of a client_id: its source and the fingerprint of what it holds; null when none. */
export async function findStoredClient(
  source: SqlSource,
  clientId: string,
): Promise<{ source: string; metadataFingerprint: string } | null> {
  const rows = await runQuery<{ source: string; metadata_fingerprint: string }>(source, {
    sql: 'select source, metadata_fingerprint from oauth_clients where client_id = ?',
    params: [clientId],
  });
  return rows[0] ? { source: rows[0].source, metadataFingerprint: rows[0].metadata_fingerprint } : null;
}

function columns(client: DocumentClient) {
  return {
    clientName: client.clientName,
    redirectUris: client.redirectUris,
    scope: client.scope,
    grantTypes: client.grantTypes,
    responseTypes: ['code'],
    metadataFingerprint: client.fingerprint,
    metadata: client.metadata,
  };
}

/**
 * Stores a document client's first row. Two authorizations of a new client on two instances may
 * race: the primary key keeps one, and the loser's insert is dropped (both wrote what the document
 * said). An insert fires no notification (the oauth_clients trigger is on update and delete only).
 */
export async function insertDocumentClient(em: EntityManager, client: DocumentClient, now: Date): Promise<void> {
  try {
    await em.insert(OAuthClient, {
      clientId: client.clientId,
      ...columns(client),
      tokenEndpointAuthMethod: 'none',
      source: 'metadata_document',
      createdAt: now,
    });
  } catch (error) {
    const stored = await findStoredClient(em.fork(), client.clientId);
    if (!stored) throw error;
  }
}

/**
 * Rewrites a document client's row with a changed document (only ever a `metadata_document` row:
 * a registered client is never overwritten). The update's notification empties every instance's
 * client caches, which is right: the client changed.
 */
export async function updateDocumentClient(em: EntityManager, client: DocumentClient): Promise<void> {
  await em.nativeUpdate(OAuthClient, { clientId: client.clientId, source: 'metadata_document' }, columns(client));
}
