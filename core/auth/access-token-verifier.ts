import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../clock.ts';
import type { SiteUrls } from '../site-urls.ts';
import type { Principal } from './principal.ts';

/** The protected resource a token is presented to: its `aud` must be that resource's URL. */
export type TokenAudience = 'mcp' | 'a2a';

/**
 * Verifies an OAuth access token for the resource it is presented to (`aud` = the MCP endpoint, or
 * the A2A endpoint when `audience` says so; MCP when omitted). Answers undefined for a token it does
 * not accept, a token of the other resource included; never throws for a bad token. Only the MCP and
 * A2A adapters call it (adapters/mcp/authenticate.ts, adapters/a2a/authenticate.ts): an access token
 * is a principal there and nowhere else.
 */
export type AccessTokenVerifier = (
  token: string,
  request: VerificationRequest,
  audience?: TokenAudience,
) => Promise<Principal | undefined>;

/** What verification reads of a request (a Context is one): declared apart so CoreServices need not import the context. */
interface VerificationRequest {
  readonly em: EntityManager;
  readonly urls: SiteUrls;
  readonly clock: Clock;
}
