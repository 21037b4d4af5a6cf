import { z } from 'zod';

/** No arguments: one reference per deployment. Unknown keys are dropped. */
export const ZGetAgentReferenceInput = z.object({});

const ZAgentReferenceSection = z.object({
  id: z.string().describe('Stable identifier: authentication, rest-endpoints, mcp-tools, a2a-skills, ...'),
  title: z.string(),
  count: z.number().int().nullable().describe('How many entries the section documents; null for prose sections.'),
  summary: z.string().describe('One line: what the section holds.'),
});

export const ZAgentReference = z
  .object({
    resource: z.string().describe('Absolute URL of the paid reference, {base_url}/v1/agent/paid-reference.'),
    content: z.string().describe('The reference, Markdown.'),
    content_type: z.literal('text/markdown'),
    revision: z
      .string()
      .describe('"sha256:" + hex SHA-256 of `content`: the same for the same service, changes when it changes.'),
    sections: z.array(ZAgentReferenceSection).describe("The reference's table of contents."),
  })
  .meta({ id: 'AgentReference' });
export type AgentReferenceAnswer = z.infer<typeof ZAgentReference>;
