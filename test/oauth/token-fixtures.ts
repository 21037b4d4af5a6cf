import { randomBytes, randomUUID } from 'node:crypto';
import { decodeProtectedHeader } from 'jose';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createLogger } from '../../core/logger.ts';
import {
  mintAccessToken,
  verifyAccessToken,
  type MintAccessTokenInput,
  type MintedAccessToken,
  type OAuthPrincipal,
  type VerifyAccessTokenOptions,
} from '../../core/services/oauth/access-tokens.ts';
import { accountsCaller, createUser, uniqueSuffix } from '../accounts/fixtures.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';

/** A user who owns a business, a registered client, and the user's grant for that client there. */
export interface GrantFixture {
  userId: string;
  businessId: string;
  clientId: string;
  grantId: string;
  scope: string;
}

const DEFAULT_TEST_SCOPE = 'mcp:read mcp:customers:write';

/** A loopback callback no other registration uses. */
function loopback(): string {
  return `http://127.0.0.1:${40_000 + (randomBytes(2).readUInt16BE() % 20_000)}/callback?t=${randomBytes(6).toString('hex')}`;
}

export async function createGrant(
  scope = DEFAULT_TEST_SCOPE,
  resource = `${service().config.baseUrl}/v1/mcp`,
): Promise<GrantFixture> {
  const caller = accountsCaller();
  const user = await createUser(caller, 'oauth');
  const business = await caller.accounts.createBusiness({
    name: `OAuth Test ${uniqueSuffix()}`,
    time_zone: 'UTC',
    currency: 'USD',
    owner_email: user.email,
  });
  const client = await caller.protocols.oauth.clients.registerClient({
    redirect_uris: [loopback()],
    client_name: `Token test ${uniqueSuffix()}`,
  });
  const grantId = randomUUID();
  await sql(
    'insert into oauth_grants (id, client_id, user_id, business_id, scope, resource) values (?, ?, ?, ?, ?, ?)',
    [grantId, client.client_id, user.id, business.id, scope, resource],
  );
  return { userId: user.id, businessId: business.id, clientId: client.client_id, grantId, scope };
}

export const em = (): EntityManager => service().database.orm.em.fork();

/** The shared service's key-encryption key. */
export function serviceKek(): Promise<Buffer> {
  return service().services.oauth.keyEncryptionKey(createLogger('silent'));
}

/** The shared service's issuer and MCP resource. */
export function serviceIssuer(): { issuer: string; audience: string } {
  return { issuer: service().config.siteUrl, audience: `${service().config.baseUrl}/v1/mcp` };
}

/** An access token for the grant, as the token endpoint will mint it; any input can be overridden. */
export async function mint(
  grant: GrantFixture,
  overrides: Partial<MintAccessTokenInput> = {},
): Promise<MintedAccessToken> {
  return mintAccessToken({
    em: em(),
    kek: await serviceKek(),
    now: new Date(),
    ...serviceIssuer(),
    userId: grant.userId,
    businessId: grant.businessId,
    clientId: grant.clientId,
    scope: grant.scope,
    grantId: grant.grantId,
    ttlSeconds: 3600,
    ...overrides,
  });
}

/** Verifies as the shared service does; any option can be overridden. */
export function verify(
  token: string,
  overrides: Partial<VerifyAccessTokenOptions> = {},
): Promise<OAuthPrincipal | undefined> {
  return verifyAccessToken(token, { em: em(), now: new Date(), ...serviceIssuer(), ...overrides });
}

export function kidOf(token: string): string {
  return decodeProtectedHeader(token).kid!;
}

export function secondsAfter(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}
