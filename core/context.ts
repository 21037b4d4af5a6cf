import type { EntityManager } from '@mikro-orm/postgresql';
import { systemClock, type Clock } from './clock.ts';
import type { SqlSource } from './services/sql/query.ts';
import type { Logger } from './logger.ts';
import type { CoreServices } from './services/index.ts';

/**
 * Who is calling. `system` is the in-process caller of scripts (seeding, administration); no
 * transport can produce it, and with a `businessId` it acts inside that business with every scope.
 * `api_token` is a workspace API token (internal clients); `oauth` an access token of our
 * authorization server (agents). Both are bound to exactly one business.
 */
export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'system'; businessId?: string }
  | { kind: 'api_token'; businessId: string; tokenId: string; scopes: readonly string[] }
  | { kind: 'oauth'; businessId: string; userId: string; clientId: string; tokenId: string; scopes: readonly string[] };

/** Credentials a transport found on the request; core resolves them into a principal on demand. */
export interface Credentials {
  /** The token of an `Authorization: Bearer` header. */
  bearer?: string;
}

export const anonymous: Principal = { kind: 'anonymous' };

/**
 * What a procedure may ask its transport to add to a successful response
 * (Cache-Control, Location, ...). Adapters apply it; core never sees a transport.
 */
export interface ResponseMeta {
  status?: number;
  headers: Record<string, string>;
}

export interface SiteUrls {
  /** {site_url} */
  site: string;
  /** {base_url} = {site_url}/api */
  base: string;
}

export interface ContextInput {
  em: EntityManager;
  /** The logger, or a function that makes it on first use (a request's child logger usually is never needed). */
  log: Logger | (() => Logger);
  urls: SiteUrls;
  requestId: string;
  services: CoreServices;
  /** The client's network address when a transport knows it (rate limits key on it). */
  clientAddress?: string;
  principal?: Principal;
  credentials?: Credentials;
  clock?: Clock;
}

export interface Context {
  /**
   * The request's own unit of work, forked from the ORM's on first use: a request that only runs
   * lean SQL never pays for one (a fork is a dozen objects that live as long as the request, and
   * under load they outlive young-generation collections; bench/public-api).
   */
  readonly em: EntityManager;
  /**
   * Where lean SQL runs (runQuery): the ORM's connection pool, with no unit of work. Inside
   * em.transactional() MikroORM's transaction context routes it to the transaction's connection.
   */
  readonly sql: SqlSource;
  readonly log: Logger;
  urls: SiteUrls;
  requestId: string;
  services: CoreServices;
  clientAddress: string | undefined;
  principal: Principal;
  credentials: Credentials;
  clock: Clock;
  response: ResponseMeta;
}

/** Builds a context without any HTTP: adapters, scripts and tests all come through here. */
export function createContextInner(input: ContextInput): Context {
  let em: EntityManager | undefined;
  let log: Logger | undefined;
  return {
    get em() {
      return (em ??= input.em.fork());
    },
    sql: input.em,
    get log() {
      return (log ??= typeof input.log === 'function' ? input.log() : input.log);
    },
    urls: input.urls,
    requestId: input.requestId,
    services: input.services,
    clientAddress: input.clientAddress,
    principal: input.principal ?? anonymous,
    credentials: input.credentials ?? {},
    clock: input.clock ?? systemClock,
    response: { headers: {} },
  };
}
