import { composeUcpPlatformProfiles } from './ucp-platform-profiles.ts';
import type { MetricsRegistry } from '../../adapters/metrics/registry.ts';
import type { Config } from '../../core/config.ts';
import type { CoreServices } from '../../core/services/index.ts';
import { serviceCacheSizes } from '../../core/services/cache-sizes.ts';
import { followTaskEventNotifications } from '../../core/services/a2a/task-event-notifications.ts';
import { followOAuthStateNotifications } from '../../core/services/oauth/oauth-state-notifications.ts';
import { followPublicContentNotifications } from '../../core/services/public-cache/public-content-notifications.ts';
import type { DatabaseNotifications } from '../../core/services/sql/notifications.ts';
import type { WebhookSender } from '../../core/services/webhooks/sender-port.ts';
import { createCoreServices } from '../../orm/core-services.ts';
import type { Database } from '../../orm/database.ts';
import { composeClientDocuments } from './client-documents.ts';
import { followEventFeedWakes } from './event-feed-wakes.ts';
import { withMetrics } from './metrics.ts';

export interface ComposeServicesOptions {
  database: Database;
  config: Config;
  /** The registry the services count into; none where nothing scrapes (a bench's caller). */
  metrics?: MetricsRegistry;
  /** The process's database notifications: the services' caches follow them. */
  notifications?: DatabaseNotifications;
  /** Sends a delivery now (test, retry); without it those only queue. */
  webhookSender?: WebhookSender;
}

/**
 * The CoreServices of one app, as every entry point builds them (the service, the tests' second
 * apps, the benches): the database's services (orm/core-services.ts) with the client-metadata-document
 * fetcher, the send-now port and the metrics, and its caches subscribed to the notifications, so
 * what another instance changes reaches exactly the caches of this app.
 */
export function composeServices({
  database,
  config,
  metrics,
  notifications,
  webhookSender,
}: ComposeServicesOptions): CoreServices {
  const built: CoreServices = {
    ...createCoreServices(database, config),
    oauthClientDocuments: composeClientDocuments(config),
    ucpPlatformProfiles: composeUcpPlatformProfiles(config),
    ...(webhookSender ? { webhookSender } : {}),
  };
  const services = metrics ? withMetrics(built, metrics) : built;
  metrics?.watchCaches(() => serviceCacheSizes(services));
  followEventFeedWakes(database.orm, notifications, services.eventFeedWaits);
  if (notifications) {
    followOAuthStateNotifications(notifications, services.caches.oauth);
    followTaskEventNotifications(notifications, services.a2aStreams.hub);
    followPublicContentNotifications(notifications, services.caches.publicReads);
  }
  return services;
}
