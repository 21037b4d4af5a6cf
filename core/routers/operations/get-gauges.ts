import { tasksStored } from '../../services/agent-tasks/tasks-stored.query.ts';
import { governmentSyncGauges } from '../../services/government/sam/sync-gauges.ts';
import { webhookQueueGauges } from '../../services/webhooks/queue-gauges.query.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZGetGaugesInput, ZGetGaugesOutput } from './get-gauges.schema.ts';

/** Rows each gauge reads at most: a scrape stays a few milliseconds whatever the backlog. */
const GAUGE_ROW_CAP = 10_000;

function ageSeconds(since: Date | string | null, now: Date): number {
  if (since === null) return 0;
  return Math.max(0, (now.getTime() - new Date(since).getTime()) / 1000);
}

/**
 * What the database holds that an operator watches (GET /api/metrics): the webhook queue and the
 * stored A2A tasks, each by one bounded query. No tenant label: the totals of the service.
 * No transport mapping (no openapi, tool or skill meta), so it is reached only through the invoker,
 * by the metrics endpoint, which decides who may scrape.
 */
export const getGauges = publicProcedure
  .input(ZGetGaugesInput)
  .output(ZGetGaugesOutput)
  .query(async ({ ctx }) => {
    const queue = await webhookQueueGauges(ctx.sql, GAUGE_ROW_CAP);
    const stored = await tasksStored(ctx.sql, GAUGE_ROW_CAP);
    const now = ctx.clock.now();
    return {
      webhook_queue: {
        pending_deliveries: queue.pending_deliveries,
        unpublished_events: queue.unpublished_events,
        oldest_undelivered_seconds: Math.max(
          ageSeconds(queue.oldest_pending_at, now),
          ageSeconds(queue.oldest_unpublished_at, now),
        ),
      },
      agent_tasks_stored: stored,
      government_sync: await governmentSyncGauges(ctx.sql, now),
    };
  });
