import { z } from 'zod';

export const ZListEventTypesInput = z.object({});

export const ZListEventTypesOutput = z.object({
  items: z.array(
    z.object({
      type: z.string().describe('The event type, as `type` in the payload and in enabled_events.'),
      description: z.string(),
      emitted_by: z.array(z.string()).describe('The MCP tools whose success emits it; empty for webhook.test.'),
    }),
  ),
});
