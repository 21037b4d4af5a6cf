import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../../clock.ts';
import type { Logger } from '../../../logger.ts';
import type { SiteUrls } from '../../../site-urls.ts';
import type { CoreServices } from '../../index.ts';
import type { WebhookTransport } from '../transport-port.ts';

/** What the dispatch service works with, handed over by the composition root. */
export interface WebhookDispatchDeps {
  /** The root entity manager: lean SQL runs on its pool, each transaction on a fork of it. */
  em: EntityManager;
  transport: WebhookTransport;
  /** Read at each use: the services (secret key, metrics) are built after the dispatch they expose. */
  services: () => CoreServices;
  /** WEBHOOK_RETRY_SCHEDULE in ms. */
  scheduleMs: readonly number[];
  /** How long a claim holds a row: the transport's deadline plus a margin. */
  leaseMs: number;
  /** Where the loop's lines and an attempt's unstorable detail go (send-now logs to its request's). */
  log: Logger;
  clock: Clock;
  /** The service's URLs: a thin delivery names where its entity is fetched. */
  urls: SiteUrls;
}

/** A claimed delivery, signed and ready to post. */
export interface SignedDelivery {
  id: string;
  businessId: string;
  endpointId: string;
  url: string;
  /** The exact bytes to send (and that were signed). */
  body: string;
  /** webhook-id, webhook-timestamp, webhook-signature, x-service-signature. */
  headers: Record<string, string>;
  /** Attempts made before this one. */
  attempts: number;
  /** The lease the claim set: the attempt is recorded only while it is still held. */
  lease: Date;
  /** Set when the delivery cannot be signed (its secret does not open): record it, post nothing. */
  error?: string;
}

/** One attempt as it finished, before its outcome is decided. */
export interface FinishedAttempt {
  deliveryId: string;
  businessId: string;
  endpointId: string;
  lease: Date;
  attemptsBefore: number;
  durationMs: number;
  status?: number;
  retryAfter?: string;
  responseBody?: string;
  error?: string;
  /** The headers the log shows as sent (request-headers.ts); absent when nothing was posted. */
  requestHeaders?: Record<string, string>;
}
