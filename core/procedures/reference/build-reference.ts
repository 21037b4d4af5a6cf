import { createHash } from 'node:crypto';
import { perSite } from '../../per-site.ts';
import { discoveryUrls } from '../../services/discovery/urls.ts';
import { a2aSkillsSection } from './a2a-skills.ts';
import { authenticationSection } from './authentication.ts';
import { errorsSection } from './errors.ts';
import { limitsSection } from './limits.ts';
import { code } from './markdown.ts';
import { mcpToolsSection } from './mcp-tools.ts';
import { restEndpointsSection } from './rest-endpoints.ts';
import type { AgentReference, AgentReferenceSource, ReferenceInput, ReferenceSection } from './types.ts';
import { webhookEventsSection } from './webhook-events.ts';

/** The sections, in reading order. */
function sectionsOf(input: ReferenceInput): ReferenceSection[] {
  return [
    authenticationSection(input),
    restEndpointsSection(input),
    mcpToolsSection(input),
    a2aSkillsSection(input),
    webhookEventsSection(input),
    limitsSection(input),
    errorsSection(input),
  ];
}

function preamble(input: ReferenceInput, sections: readonly ReferenceSection[]): string {
  const urls = discoveryUrls(input.urls);
  return [
    '# Field Service API: agent reference',
    '',
    `Everything an agent needs to use this service at ${code(input.urls.site)}, generated from the procedures ` +
      'and catalogues the service itself runs: the REST routes, the MCP tool catalogue and the A2A agent card ' +
      'come from the same definitions, so what is written here is what the service does. Start from the ' +
      `discovery index ${code(urls.index)}; the OpenAPI document is ${code(urls.openapi)}.`,
    '',
    '## Contents',
    '',
    ...sections.map((section) => `- ${section.title}: ${section.summary}`),
  ].join('\n');
}

/**
 * The agent reference as Markdown, from the procedures of the router the app serves, this
 * deployment's URLs and its configured limits. Deterministic: no clock, no randomness, the
 * procedures in router order and every other list sorted, so the same inputs give the same bytes
 * and the same revision.
 */
function buildAgentReference(input: ReferenceInput): AgentReference {
  const sections = sectionsOf(input);
  const content = `${[preamble(input, sections), ...sections.map((section) => section.markdown)].join('\n\n')}\n`;
  return {
    content,
    revision: `sha256:${createHash('sha256').update(content).digest('hex')}`,
    sections: sections.map(({ id, title, count, summary }) => ({ id, title, count, summary })),
  };
}

/** The reference of one process: built on first use per site URL (it converts every schema once), then kept. */
export function agentReferenceSource(input: Omit<ReferenceInput, 'urls'>): AgentReferenceSource {
  return perSite((urls) => buildAgentReference({ ...input, urls }));
}
