import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../clock.ts';
import type { SiteUrls } from '../site-urls.ts';
import type { Principal } from './principal.ts';

/**
 * Verifies an OAuth access token for the one resource it was issued for (`aud` = the MCP endpoint).
 * Answers undefined for a token it does not accept; never throws for a bad token. Only the MCP
 * adapter calls it (adapters/mcp/authenticate.ts): an access token is a principal there and nowhere else.
 */
export type AccessTokenVerifier = (token: string, request: VerificationRequest) => Promise<Principal | undefined>;

/** What verification reads of a request (a Context is one): declared apart so CoreServices need not import the context. */
interface VerificationRequest {
  readonly em: EntityManager;
  readonly urls: SiteUrls;
  readonly clock: Clock;
}
