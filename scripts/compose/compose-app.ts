import type { AnyRouter } from '@trpc/server';
import type Koa from 'koa';
import { wireAnswerWriter } from '../../adapters/a2a/answer-writer.ts';
import { invokerSkillRunner } from '../../adapters/a2a/skill-runner.ts';
import { createApp } from '../../adapters/app.ts';
import type { LandingFacts } from '../../adapters/http/landing/landing-page.ts';
import type { HttpState } from '../../adapters/http/state.ts';
import type { Config } from '../../core/config.ts';
import { createContextFactory } from '../../core/context.ts';
import type { Logger } from '../../core/logger.ts';
import type { ProcedureEntry } from '../../core/procedures/procedure-entry.ts';
import { createInvoker } from '../../core/procedures/invoker.ts';
import { appRouter, type AppRouter } from '../../core/routers/_app.ts';
import { internalApiRouter } from '../../core/routers/internal-api.ts';
import type { CoreServices } from '../../core/services/index.ts';
import { agentReferenceSource } from '../../core/procedures/reference/build-reference.ts';
import { referenceLimitsOf } from '../../core/procedures/reference/reference-limits.ts';
import type { Database } from '../../orm/database.ts';
import type { MetricsRegistry } from '../../adapters/metrics/registry.ts';
import type { DatabaseNotifications } from '../../core/services/sql/notifications.ts';
import { composeServices } from './compose-services.ts';
import { composeMetrics } from './metrics.ts';
import { withContractWallets } from './contract-wallets.ts';
import { withPaymentFacilitator } from './payment-facilitator.ts';

export interface ComposeAppOptions {
  /** The effective configuration (its site URL is what the app announces). */
  config: Config;
  log: Logger;
  /** The open, migrated database every request's context works on. */
  database: Database;
  /**
   * The services the contexts share; built from the database and configuration when not given (tests
   * swap a rate limiter), with the client-metadata-document fetcher.
   */
  services?: CoreServices;
  /** The procedures REST, MCP and the OAuth endpoints run: appRouter, or a test's router that extends it. */
  router?: AppRouter;
  /** The procedures /api/trpc serves: internalApiRouter, or a test's router that extends it. */
  trpcRouter?: AnyRouter;
  /** What the landing page says beyond the discovery index (createApp's `landing`). */
  landing?: LandingFacts;
  /**
   * The service's metrics registry, which `services` already count into (startService); when not
   * given, the app gets one of its own, and services built here count into it.
   */
  metrics?: MetricsRegistry;
  /** The process's database notifications, which services built here follow (the given `services` already do). */
  notifications?: DatabaseNotifications;
}

/**
 * The composition root of the HTTP app: the one place that joins the database, the core services
 * and the adapters. It builds the context factory (closing over the entity manager, the URLs and the
 * services) and the procedure invoker (once, on the router the app serves), and hands both to
 * createApp. The agent reference (what the paid reference sells) is generated from that invoker's procedures,
 * so it documents exactly what this app serves. adapters/ never opens a database or builds a service.
 */
export function composeApp({
  config,
  log,
  database,
  services,
  router = appRouter,
  trpcRouter = internalApiRouter,
  landing,
  metrics = composeMetrics(database),
  notifications,
}: ComposeAppOptions): Koa<HttpState> {
  const invoker = createInvoker(router);
  const createContext = createContextFactory({
    em: database.orm.em,
    urls: { site: config.siteUrl, base: config.baseUrl },
    services: {
      ...withAgentReference(
        withContractWallets(
          withPaymentFacilitator(services ?? composeServices({ database, config, metrics, notifications }), config),
          config,
        ),
        invoker.procedures,
        config,
      ),
      // The A2A service's ports: the served router's skills, run through this invoker, and the A2A wire.
      a2a: { skills: invokerSkillRunner(invoker), answers: wireAnswerWriter },
    },
  });
  return createApp({ config, log, invoker, createContext, trpcRouter, metrics, landing });
}

/**
 * The services plus the agent reference of `procedures` (the invoker's: the router served), in
 * each request's site URLs, with the limits these services enforce. Core cannot list the router that
 * imports it, so the composition root hands it the source; the reference is built on first use.
 */
export function withAgentReference(
  services: CoreServices,
  procedures: readonly ProcedureEntry[],
  config: Pick<Config, 'maxBodyBytes'>,
): CoreServices {
  const agentReference = agentReferenceSource({
    procedures,
    limits: referenceLimitsOf(services, config.maxBodyBytes),
  });
  return { ...services, agentReference };
}
