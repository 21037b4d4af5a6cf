import { isToolsetName, optInToolsetNames, toolsetNames, type ToolsetName } from '../../core/auth/toolsets.ts';
import type { TransportRequest } from '../json-rpc/transport-request.ts';
import type { ToolView } from './catalogue-view.ts';
import { rpcError, type McpReply } from './json-rpc.ts';

/** The view's part of the endpoint's path: `/x/{toolsets}`, `/x/{toolsets}/readonly` or `/readonly` (nothing: the whole catalogue). */
const VIEW_PATH = /^(?:\/x\/([^/]+))?(\/readonly)?$/;

/** A comma-separated list as names: trimmed, without empty entries or repeats; nothing left is "not chosen". */
function names(list: string | undefined): string[] | undefined {
  if (list === undefined) return undefined;
  const entries = [...new Set(list.split(',').map((entry) => entry.trim()))].filter((entry) => entry.length > 0);
  return entries.length > 0 ? entries : undefined;
}

const invalid = (message: string): { reply: McpReply } => ({ reply: rpcError(null, 'MCP_VIEW_INVALID', message) });

const shown = (name: string) => JSON.stringify(name.slice(0, 100));

/**
 * Does the endpoint serve this path, and which part of it is a view? `suffix` is what follows the
 * endpoint's own path; undefined when the path is not the endpoint or one of its view forms.
 */
export function viewPath(path: string, endpoint: string): string | undefined {
  if (!path.startsWith(endpoint)) return undefined;
  const suffix = path.slice(endpoint.length);
  return VIEW_PATH.test(suffix) ? suffix : undefined;
}

/**
 * The view a request chose, from its path suffix (viewPath) and the X-MCP-Toolsets, X-MCP-Tools and
 * X-MCP-Readonly headers; path and headers add up (read-only from either). An unknown toolset or tool,
 * or a read-only value other than true or false, is a 400 naming the valid ones: a typo must not
 * silently give the agent another set of tools than the user chose.
 *
 * Does NOT cover: whether the token may call the tools; the tenant procedure checks that per call.
 */
export function parseToolView(
  suffix: string,
  request: TransportRequest,
  toolNames: readonly string[],
): { view: ToolView; byHeader: boolean } | { reply: McpReply } {
  const [, pathToolsets, pathReadonly] = VIEW_PATH.exec(suffix) ?? [];
  let decoded: string | undefined;
  try {
    decoded = pathToolsets === undefined ? undefined : decodeURIComponent(pathToolsets);
  } catch {
    return invalid('The toolsets in the path are not valid percent-encoding.');
  }
  const headerToolsets = names(request.header('x-mcp-toolsets'));
  const chosenToolsets = [...(names(decoded) ?? []), ...(headerToolsets ?? [])];
  const unknownToolset = chosenToolsets.find((name) => !isToolsetName(name));
  if (unknownToolset !== undefined)
    return invalid(
      `Unknown toolset ${shown(unknownToolset)}: the toolsets are ${[...toolsetNames, ...optInToolsetNames].join(', ')}.`,
    );
  const tools = names(request.header('x-mcp-tools'));
  const unknownTool = tools?.find((name) => !toolNames.includes(name));
  if (unknownTool !== undefined)
    return invalid(`Unknown tool ${shown(unknownTool)}: the tools are ${toolNames.join(', ')}.`);
  const readonlyHeader = request.header('x-mcp-readonly')?.trim().toLowerCase();
  if (readonlyHeader !== undefined && readonlyHeader !== 'true' && readonlyHeader !== 'false')
    return invalid(`X-MCP-Readonly must be true or false, not ${shown(readonlyHeader)}.`);
  return {
    view: {
      toolsets: chosenToolsets.length > 0 ? [...new Set(chosenToolsets as ToolsetName[])] : undefined,
      tools,
      readonly: pathReadonly !== undefined || readonlyHeader === 'true',
    },
    byHeader: headerToolsets !== undefined || tools !== undefined || readonlyHeader === 'true',
  };
}
