import type { EntityManager } from '@mikro-orm/postgresql';
import { OAuthClient, type IOAuthClient } from '../../../orm/entities/oauth/client.ts';
import { runQuery, type SqlSource } from '../sql/query.ts';

/** The registered client with this client_id; null when there is none. */
export async function findClient(em: EntityManager, clientId: string): Promise<IOAuthClient | null> {
  return em.findOne(OAuthClient, { clientId });
}

/** The client_id and grant types of a registered client (a lean read); undefined when there is none. */
export async function findClientGrantTypes(
  source: SqlSource,
  clientId: string,
): Promise<{ client_id: string; grant_types: string[] } | undefined> {
  const rows = await runQuery<{ client_id: string; grant_types: string[] }>(source, {
    sql: 'select client_id, grant_types from oauth_clients where client_id = ?',
    params: [clientId],
  });
  return rows[0];
}

/** The client registered with this metadata fingerprint; null when there is none. */
export async function findClientByFingerprint(em: EntityManager, fingerprint: string): Promise<IOAuthClient | null> {
  return em.findOne(OAuthClient, { metadataFingerprint: fingerprint });
}

export type NewOAuthClient = Pick<
  IOAuthClient,
  | 'clientId'
  | 'clientName'
  | 'redirectUris'
  | 'scope'
  | 'grantTypes'
  | 'responseTypes'
  | 'tokenEndpointAuthMethod'
  | 'metadataFingerprint'
  | 'metadata'
  | 'createdAt'
>;

/**
 * Stores a new client (one flush of the unit of work). Two identical registrations racing: the
 * unique fingerprint keeps one, and the loser answers the winner's record (read in a fresh unit of
 * work); any other failure is thrown.
 */
export async function insertClient(em: EntityManager, values: NewOAuthClient): Promise<IOAuthClient> {
  const client = em.create(OAuthClient, values);
  try {
    await em.flush();
  } catch (error) {
    const winner = await findClientByFingerprint(em.fork(), values.metadataFingerprint);
    if (winner) return winner;
    throw error;
  }
  return client;
}
