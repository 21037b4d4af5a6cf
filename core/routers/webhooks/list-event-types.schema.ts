import { z } from 'zod';

export const ZListEventTypesInput = z.object({});

export const ZListEventTypesOutput = z.object({
  items: z.array(
    z.object({
      type: z.string().describe('The event type, as `type` in the payload and in enabled_events.'),
      description: z.string(),
      emitted_by: z
        .array(z.string())
        .describe(
          'The procedures whose success emits it, by kebab-case name: MCP tools, or writes of the workspace API on /api/trpc (update-job is workspace.jobs.updateJob); empty for events the service emits itself (webhook.test).',
        ),
    }),
  ),
});
