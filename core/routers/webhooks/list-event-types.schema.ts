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
          'What emits it: MCP tools (kebab-case) or /api/trpc procedures (dotted paths) whose success emits it; empty when the service itself does (webhook.test, seller events, invoice.overdue).',
        ),
    }),
  ),
});
