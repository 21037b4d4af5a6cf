import type { ToolAccess } from '../../core/auth/scopes.ts';
import { isOptInToolset, optInToolsets, toolsets, type ToolsetName } from '../../core/auth/toolsets.ts';

/**
 * What one MCP connection chose to see (tool-view.ts reads it from the URL path and headers):
 * toolsets and explicit tools add up (GitHub's remote server does the same); neither chosen is every
 * tool; read-only then drops the write tools.
 */
export interface ToolView {
  toolsets?: readonly ToolsetName[] | undefined;
  tools?: readonly string[] | undefined;
  readonly: boolean;
  /**
   * Writes the connection's token can never be granted (core unreachableWrites: its client did not
   * register the scope, or its user's role cannot consent to writes): their tools are not listed.
   */
  withheld?: readonly ToolAccess[] | undefined;
}

/** Why a tool of the whole catalogue is missing from a view. */
export type Exclusion = 'read_only' | 'not_selected' | 'not_grantable';

interface Selectable {
  definition: { name: string };
  access: ToolAccess;
  toolset: ToolsetName;
}

/** Nothing chosen: the whole catalogue, with its own revision and hash unchanged. */
export function isWholeCatalogue(view: ToolView): boolean {
  return view.toolsets === undefined && view.tools === undefined && !view.readonly && !view.withheld?.length;
}

/**
 * The view in one canonical string (toolsets in catalogue order, tools sorted, no repeats): the key
 * of its cached catalogue and the suffix of its revision, so two spellings of one view share both.
 */
export function viewKey(view: ToolView): string {
  const parts: string[] = [];
  if (view.toolsets)
    parts.push(
      `x/${[...toolsets, ...optInToolsets]
        .filter((toolset) => view.toolsets!.includes(toolset.name))
        .map((toolset) => toolset.name)
        .join(',')}`,
    );
  if (view.tools) parts.push(`tools/${[...new Set(view.tools)].sort().join(',')}`);
  if (view.readonly) parts.push('readonly');
  // Read-only already hides every write; otherwise the withheld writes name the narrower catalogue.
  else if (view.withheld?.length) parts.push(`without/${[...new Set(view.withheld)].sort().join(',')}`);
  return parts.join('/');
}

/** Why a tool of the whole catalogue is not in the view, or undefined when it is in it. */
export function exclusion(tool: Selectable, view: ToolView): Exclusion | undefined {
  const chosen =
    (view.toolsets === undefined && view.tools === undefined && !isOptInToolset(tool.toolset)) ||
    (view.toolsets?.includes(tool.toolset) ?? false) ||
    (view.tools?.includes(tool.definition.name) ?? false);
  if (!chosen) return 'not_selected';
  if (tool.access === 'read') return undefined;
  if (view.readonly) return 'read_only';
  return view.withheld?.includes(tool.access) ? 'not_grantable' : undefined;
}

/**
 * Checks, when the catalogue is built, that every write tool's access is among the writes its toolset
 * declares in core/auth/toolsets.ts (the scopes a view's protected resource metadata asks for come
 * from there): a mismatch is a programming error. The converse (a toolset declaring a write none of
 * its tools has, or holding no tool) is checked by test/mcp/toolsets.test.ts on the real router, as
 * a router built for a test holds some toolsets only.
 */
export function checkToolsets(tools: readonly Selectable[]): void {
  for (const tool of tools) {
    if (tool.access === 'read') continue;
    const toolset = toolsets.find((candidate) => candidate.name === tool.toolset);
    if (!toolset?.writes.includes(tool.access))
      throw new Error(
        `the MCP tool ${tool.definition.name} writes (${tool.access}) but its toolset ${tool.toolset} does not declare that write`,
      );
  }
}
