import type { EntityManager } from '@mikro-orm/postgresql';
import { systemClock, type Clock } from './clock.ts';
import type { SqlSource } from './services/sql/query.ts';
import type { Logger } from './logger.ts';
import type { IdempotencyResult, IdempotentCall } from './services/idempotency/idempotent-call.ts';
import type { CoreServices } from './services/index.ts';
import type { Principal } from './auth/principal.ts';
import type { SiteUrls } from './site-urls.ts';

export type { Principal, SiteUrls };

/** Credentials a transport found on the request; core resolves them into a principal on demand. */
export interface Credentials {
  /** The token of an `Authorization: Bearer` header. */
  bearer?: string;
}

const anonymous: Principal = { kind: 'anonymous' };

/**
 * What a procedure may ask its transport to add to a successful response
 * (Cache-Control, Location, ...). Adapters apply it; core never sees a transport.
 */
interface ResponseMeta {
  status?: number;
  headers: Record<string, string>;
  /** What the idempotency middleware did with the request's key (Context.idempotency); unset when it did not run. */
  idempotency?: IdempotencyResult;
}

/**
 * What a transport knows about one request, said without the transport: its id, its logger, the
 * client's address and the credentials it carried. The HTTP adapter reads them off a Koa context
 * (adapters/http/request-facts.ts); a ContextFactory turns them into the procedure context.
 */
export interface RequestFacts {
  requestId: string;
  /** The logger, or a function that makes it on first use (a request's child logger usually is never needed). */
  log: Logger | (() => Logger);
  /** The client's network address when a transport knows it (rate limits key on it). */
  clientAddress?: string;
  credentials?: Credentials;
  /**
   * The site URLs this request arrived on, when they are not the service's own: in development, a
   * loopback alias (adapters/http/site-urls.ts) gets answers, issuer and audience of its own name.
   */
  urls?: SiteUrls;
  /** The UCP-Agent header as sent (a UCP platform's profile, RFC 8941), when there is one: UCP checkout negotiates with it. */
  ucpAgent?: string | undefined;
  /**
   * Made on first use: a signal aborted when the client goes away before its answer, so a request that
   * holds itself open (a long poll of the event feed) ends and gives back its turn.
   */
  clientGone?: () => AbortSignal;
}

/** What every context of one running service shares; the composition root holds them. */
export interface ContextDependencies {
  em: EntityManager;
  urls: SiteUrls;
  services: CoreServices;
}

export interface ContextInput extends ContextDependencies, Omit<RequestFacts, 'urls'> {
  principal?: Principal;
  clock?: Clock;
}

/**
 * A request's context from its facts: the composition root makes one (createContextFactory, closing
 * over the entity manager, the URLs and the services) and hands it to every adapter, so no adapter
 * holds the ORM or builds services.
 */
export type ContextFactory = (request: RequestFacts) => Context;

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
  /** RequestFacts.ucpAgent. */
  ucpAgent: string | undefined;
  /** RequestFacts.clientGone's signal; undefined where no transport says (scripts, in-process callers). */
  readonly clientGone: AbortSignal | undefined;
  clock: Clock;
  response: ResponseMeta;
  /**
   * The budgets this request has been counted against already (core/trpc.ts): a procedure a port
   * runs on the same context (an A2A skill inside message/send) is not counted twice against a
   * budget its caller's base already spent.
   */
  admitted: Set<string>;
  /**
   * Set by a transport for a procedure with `rest.idempotent`: the request's Idempotency-Key and how
   * its transport fingerprints and answers it; the idempotency middleware (core/trpc.ts) runs the key's lifecycle.
   */
  idempotency?: IdempotentCall;
}

/** Builds a context without any HTTP: adapters (through a ContextFactory), scripts and tests all come through here. */
export function createContextInner(input: ContextInput): Context {
  return buildContext(input, input, input.principal, input.clock);
}

/** The context factory of a running service: every request's context shares `dependencies`. */
export function createContextFactory(dependencies: ContextDependencies): ContextFactory {
  return (request) => buildContext(dependencies, request, undefined, undefined);
}

function buildContext(
  shared: ContextDependencies,
  request: RequestFacts,
  principal: Principal | undefined,
  clock: Clock | undefined,
): Context {
  let em: EntityManager | undefined;
  let log: Logger | undefined;
  let gone: AbortSignal | undefined;
  return {
    get em() {
      return (em ??= shared.em.fork());
    },
    sql: shared.em,
    get log() {
      return (log ??= typeof request.log === 'function' ? request.log() : request.log);
    },
    urls: request.urls ?? shared.urls,
    requestId: request.requestId,
    services: shared.services,
    clientAddress: request.clientAddress,
    principal: principal ?? anonymous,
    credentials: request.credentials ?? {},
    ucpAgent: request.ucpAgent,
    get clientGone() {
      return (gone ??= request.clientGone?.());
    },
    clock: clock ?? systemClock,
    response: { headers: {} },
    admitted: new Set(),
  };
}
