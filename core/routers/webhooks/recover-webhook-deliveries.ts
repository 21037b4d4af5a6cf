import { AppError } from '../../errors/index.ts';
import { findWebhookEndpoint } from '../../services/webhooks/endpoints.query.ts';
import { requeueFailedDeliveries } from '../../services/webhooks/recovery.query.ts';
import { DELIVERY_RETENTION_MS } from '../../services/webhooks/retention.ts';
import { endpointNotFound } from '../../services/webhooks/views.ts';
import { webhookRequeueProcedure } from '../../trpc.ts';
import {
  ZRecoverWebhookDeliveriesInput,
  ZRecoverWebhookDeliveriesOutput,
} from './recover-webhook-deliveries.schema.ts';

/** The most deliveries one call re-queues: one bounded statement; the caller calls again while `more`. */
const RECOVER_LIMIT = 10_000;

/** The window [since, until) with until resolved (omitted or future: now), or the refusal of a window that cannot be. */
function recoveryWindow(input: { since: string; until?: string }, now: Date): { since: Date; until: Date } {
  const since = new Date(input.since);
  const asked = input.until === undefined ? now : new Date(input.until);
  const until = asked > now ? now : asked;
  if (since.getTime() < now.getTime() - DELIVERY_RETENTION_MS)
    throw new AppError(
      'WEBHOOK_RECOVERY_WINDOW_INVALID',
      `since (${since.toISOString()}) is more than 30 days ago; deliveries are kept 30 days.`,
    );
  if (since >= until)
    throw new AppError(
      'WEBHOOK_RECOVERY_WINDOW_INVALID',
      `since (${since.toISOString()}) must be before until (${until.toISOString()}${input.until === undefined || asked > now ? ', now' : ''}).`,
    );
  return { since, until };
}

/**
 * Svix-style recover: queues again every failed delivery of this endpoint whose event was queued in
 * the window, bounded per call and idempotent (recovery.query.ts); the workers send each once more.
 */
export const recoverWebhookDeliveries = webhookRequeueProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/v1/webhook-endpoints/{id}/recover',
      operationId: 'webhooks-recoverDeliveries',
      tags: ['Webhooks'],
      summary: "Re-queue a webhook endpoint's failed deliveries since a time",
      description:
        'After an outage of your receiver: every delivery to this endpoint that failed (its retries ran out) and ' +
        'whose event was queued in [since, until) is queued again, oldest first, and the workers send it once more ' +
        '(same webhook-id and body, a new timestamp and signature). At most 10,000 per call: while `more` is true, ' +
        'call again with the same since and until. Pending and delivered deliveries are never touched, so repeating ' +
        'a call, or making it concurrently, queues each failed delivery once.',
      successDescription: 'The failed deliveries queued again (sent by the workers shortly).',
      errorResponses: {
        400:
          'since or until is not an ISO 8601 instant (VALIDATION_FAILED), or the window is empty or reaches back more ' +
          'than 30 days (WEBHOOK_RECOVERY_WINDOW_INVALID).',
        404: 'No such endpoint in this business (RESOURCE_NOT_FOUND).',
        409: 'The endpoint is disabled: enable it first (CONFLICT).',
        429: 'Too many test, retry, recover and resend requests of this business per minute (RATE_LIMITED).',
      },
    },
    rest: { successStatus: 202, credential: 'workspace_api_token' },
  })
  .input(ZRecoverWebhookDeliveriesInput)
  .output(ZRecoverWebhookDeliveriesOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const window = recoveryWindow(input, now);
    const endpoint = await findWebhookEndpoint(ctx.sql, ctx.businessId, input.id);
    if (!endpoint) throw endpointNotFound(input.id);
    if (endpoint.disabled)
      throw new AppError('CONFLICT', 'The endpoint is disabled; enable it (PATCH disabled: false) before recovering.', {
        resolution:
          'Enable the endpoint (PATCH /v1/webhook-endpoints/{id} with disabled: false) once its receiver is back, then recover.',
      });
    const { recovered, more } = await requeueFailedDeliveries(ctx.sql, {
      businessId: ctx.businessId,
      endpointId: endpoint.id,
      ...window,
      now,
      limit: RECOVER_LIMIT,
    });
    ctx.log.info({ endpoint: endpoint.id, recovered, more }, 'webhook deliveries recovered');
    return { recovered, more, since: window.since.toISOString(), until: window.until.toISOString() };
  });
