import type { AgentReference } from './types.ts';

/**
 * The reference's table of contents as the paid reference terms list it (`content.includes`): one
 * line per section with its count, e.g. "MCP tools: 47 tools with their required scopes, ...", so the
 * terms describe exactly what a buyer gets.
 */
export function referenceContents(reference: Pick<AgentReference, 'sections'>): string[] {
  return reference.sections.map((section) => `${section.title}: ${section.summary}`);
}
