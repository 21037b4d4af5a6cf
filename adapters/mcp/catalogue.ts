import { createHash } from 'node:crypto';
import { z } from 'zod';
import { mcpScopeFor, mcpScopes, scopesGranting, type ToolAccess } from '../../core/auth/scopes.ts';
import type { ToolsetName } from '../../core/auth/toolsets.ts';
import type { ProcedureEntry } from '../../core/procedures/procedure-entry.ts';
import type { ToolMeta } from '../../core/procedures/meta.ts';
import { canonicalJson } from '../../core/domain/canonical-json.ts';
import { CATALOGUE_REVISION } from './catalogue-revision.ts';
import {
  checkToolsets,
  exclusion,
  isWholeCatalogue,
  viewKey,
  type Exclusion,
  type ToolView,
} from './catalogue-view.ts';

type JsonSchema = Record<string, unknown>;

/** A tool as tools/list publishes it (MCP 2025-11-25 `Tool`). */
export interface McpToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: Record<string, boolean>;
  _meta: { required_scopes: string[]; accepted_scopes: string[] };
}

/** A tool and what calling it needs: the procedure's path (for the invoker) and the strict input schema. */
export interface CatalogueTool {
  definition: McpToolDefinition;
  path: string;
  access: ToolAccess;
  toolset: ToolsetName;
  input: z.ZodType;
  /** The procedure takes no input (z.void()): it is called with undefined, whatever empty object came. */
  takesNoInput: boolean;
}

export interface ToolCatalogue {
  revision: string;
  /** "sha256:" + hex SHA-256 of the canonical JSON of the definitions, sorted by name. */
  hash: string;
  /** In the router's order: the areas of the business, reads before each area's write. */
  definitions: readonly McpToolDefinition[];
  /** The tools of this catalogue, in its order. */
  tools: readonly CatalogueTool[];
  find(name: string): CatalogueTool | undefined;
  /** What one connection sees (catalogue-view.ts); the whole catalogue is its own view with nothing chosen. */
  view(view: ToolView): ToolCatalogue;
  /** The views kept built now and the most kept (the metrics' mcp_tool_views cache). */
  viewsKept(): { entries: number; limit: number };
  /** Why a tool of the whole catalogue is missing from this view: hidden by read-only, not chosen, or out of the token's reach. */
  excluded(name: string): Exclusion | undefined;
  /** Every tool a view may choose by name: this catalogue's and the opt-in toolsets' (core/auth/toolsets.ts). */
  everyToolName: readonly string[];
}

/**
 * At most this many views are kept built. Toolsets with read-only or the writes a token cannot reach
 * make 320 views; explicit tool lists make many more, so a client sending a new list on every request
 * costs a rebuild (a filter and a hash), never unbounded memory.
 */
const VIEW_LIMIT = 512;

const readAnnotations = { readOnlyHint: true, openWorldHint: false };
const writeAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

const mcpScopeSet: ReadonlySet<string> = new Set(mcpScopes);

/**
 * The input as MCP validates it: the procedure's own object schema, refusing unknown top-level
 * arguments (a misspelt optional filter would otherwise be dropped silently and widen the answer).
 * A procedure without input (none declared, or z.void()) takes an empty object. MCP arguments are
 * always an object, so any other input schema is a programming error, reported at start.
 */
function strictInput(name: string, procedure: ProcedureEntry): { input: z.ZodType; takesNoInput: boolean } {
  const parser = procedure.inputParser;
  if (parser === undefined || parser instanceof z.ZodVoid) return { input: z.strictObject({}), takesNoInput: true };
  if (parser instanceof z.ZodObject) return { input: parser.strict(), takesNoInput: false };
  throw new Error(`the MCP tool ${name} needs an object input schema (MCP arguments are an object)`);
}

/**
 * A zod schema as the JSON Schema a tool publishes: 2020-12 (MCP's default dialect, so without
 * `$schema`), the input side for arguments (defaults make fields optional), the output side for results.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

function definitionOf(tool: ToolMeta, input: z.ZodType, output: z.ZodType): McpToolDefinition {
  const isRead = tool.access === 'read';
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchema(input, 'input'),
    outputSchema: jsonSchema(output, 'output'),
    annotations: isRead ? readAnnotations : writeAnnotations,
    _meta: {
      required_scopes: [mcpScopeFor(tool.access)],
      accepted_scopes: scopesGranting(tool.access).filter((scope) => mcpScopeSet.has(scope)),
    },
  };
}

function catalogueHash(definitions: readonly McpToolDefinition[]): string {
  const sorted = [...definitions].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return `sha256:${createHash('sha256').update(canonicalJson(sorted)).digest('hex')}`;
}

/**
 * The MCP tool catalogue, generated once from the procedures (the invoker's, in router order):
 * every procedure with `tool` meta is a tool, named, described and scoped by that meta, its schemas
 * converted from its zod input and output. A new procedure with tool meta is a new tool; nothing
 * here names one.
 */
export function buildToolCatalogue(procedures: readonly ProcedureEntry[]): ToolCatalogue {
  const tools = new Map<string, CatalogueTool>();
  for (const procedure of procedures) {
    const { path, meta } = procedure;
    const tool = meta?.tool;
    if (!tool) continue;
    if (tools.has(tool.name)) throw new Error(`two procedures declare the MCP tool ${tool.name}`);
    const output = procedure.outputSchema;
    if (!output) throw new Error(`the MCP tool ${tool.name} (${path}) declares no output schema`);
    const { input, takesNoInput } = strictInput(tool.name, procedure);
    tools.set(tool.name, {
      definition: definitionOf(tool, input, output),
      path,
      access: tool.access,
      toolset: tool.toolset,
      input,
      takesNoInput,
    });
  }
  const all = [...tools.values()];
  checkToolsets(all);
  // The default catalogue leaves out the opt-in toolsets' tools (a view without choices excludes them).
  const wholeView: ToolView = { readonly: false };
  const whole = catalogueOf(
    all.filter((tool) => exclusion(tool, wholeView) === undefined),
    CATALOGUE_REVISION,
    (name) => {
      const tool = tools.get(name);
      return tool ? exclusion(tool, wholeView) : undefined;
    },
  );
  whole.everyToolName = all.map((tool) => tool.definition.name);
  const views = new Map<string, ToolCatalogue>();
  const viewsKept = () => ({ entries: views.size, limit: VIEW_LIMIT });
  const view = (chosen: ToolView): ToolCatalogue => {
    if (isWholeCatalogue(chosen)) return whole;
    const key = viewKey(chosen);
    const known = views.get(key);
    if (known) return known;
    const visible = all.filter((tool) => exclusion(tool, chosen) === undefined);
    const built = catalogueOf(visible, `${CATALOGUE_REVISION}+${key}`, (name) => {
      const tool = tools.get(name);
      return tool ? exclusion(tool, chosen) : undefined;
    });
    built.view = view;
    built.viewsKept = viewsKept;
    built.everyToolName = whole.everyToolName;
    if (views.size >= VIEW_LIMIT) views.delete(views.keys().next().value!);
    views.set(key, built);
    return built;
  };
  whole.view = view;
  whole.viewsKept = viewsKept;
  return whole;
}

/** A catalogue of these tools (in this order), its revision, and why the others are missing. */
function catalogueOf(
  tools: readonly CatalogueTool[],
  revision: string,
  excluded: ToolCatalogue['excluded'],
): ToolCatalogue {
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  const definitions = tools.map((tool) => tool.definition);
  return {
    revision,
    hash: catalogueHash(definitions),
    definitions,
    tools,
    find: (name) => byName.get(name),
    // Replaced by the builder with the one that shares its cache of views.
    view: () => {
      throw new Error('a catalogue view before the catalogue was built');
    },
    viewsKept: () => ({ entries: 0, limit: VIEW_LIMIT }),
    excluded,
    everyToolName: definitions.map((definition) => definition.name),
  };
}
