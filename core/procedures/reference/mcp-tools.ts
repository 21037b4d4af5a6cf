import { mcpScopeFor, mcpScopes, scopesGranting } from '../../auth/scopes.ts';
import type { ProcedureEntry } from '../procedure-entry.ts';
import { oauthUrls } from '../../services/oauth/urls.ts';
import { parametersOf, type Parameter } from './json-schema.ts';
import { cell, code, deployed, fenced, parameterTable } from './markdown.ts';
import { responseShape } from './shape.ts';
import type { ReferenceInput, ReferenceSection } from './types.ts';
import { toolProcedures } from './visibility.ts';

const mcpScopeSet: ReadonlySet<string> = new Set(mcpScopes);

/**
 * A tool's scopes exactly as tools/list's `_meta` carries them (adapters/mcp/catalogue.ts derives
 * them the same way from the same meta): the one to ask for, and every MCP scope that grants it.
 */
function toolScopes(procedure: ProcedureEntry): { required: string; accepted: string[] } {
  const access = procedure.meta!.tool!.access;
  return {
    required: mcpScopeFor(access),
    accepted: scopesGranting(access).filter((scope) => mcpScopeSet.has(scope)),
  };
}

/** A tools/call request for the tool, with its required arguments as placeholders and nothing else. */
function exampleCall(name: string, parameters: readonly Parameter[]): string {
  const args = Object.fromEntries(
    parameters.filter((parameter) => parameter.required).map((parameter) => [parameter.name, `<${parameter.name}>`]),
  );
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
}

function tool(procedure: ProcedureEntry, urls: ReferenceInput['urls']): string {
  const meta = procedure.meta!.tool!;
  const { required, accepted } = toolScopes(procedure);
  const parameters = parametersOf(procedure.inputParser);
  return [
    `### ${meta.name}`,
    '',
    `**${meta.title}** (${meta.access === 'read' ? 'read' : 'write'}). Required scope: ${code(required)} ` +
      `(accepted: ${accepted.map(code).join(', ')}).`,
    '',
    deployed(meta.description, urls),
    '',
    '**Arguments**',
    '',
    parameterTable(parameters, () => 'arguments'),
    '',
    '**Example call**',
    '',
    fenced('json', exampleCall(meta.name, parameters)),
    '',
    '**Result** (`structuredContent`, and the same JSON as a text block)',
    '',
    code(responseShape(procedure.outputSchema)),
  ].join('\n');
}

/** Every MCP tool with its scopes, the step-up rule and how to connect. */
export function mcpToolsSection(input: ReferenceInput): ReferenceSection {
  const procedures = toolProcedures(input.procedures);
  const oauth = oauthUrls(input.urls);
  const writes = procedures.filter((procedure) => procedure.meta!.tool!.access !== 'read').length;
  const index = procedures.map((procedure) => {
    const meta = procedure.meta!.tool!;
    return `| ${code(meta.name)} | ${cell(meta.title)} | ${code(toolScopes(procedure).required)} |`;
  });
  const markdown = [
    '## MCP tools',
    '',
    `MCP server: ${code(oauth.resource)} (protocol revisions 2026-07-28 and 2025-11-25, Streamable HTTP, JSON answers). ` +
      `${procedures.length} tools: ${procedures.length - writes} reads and ${writes} writes over the business ` +
      'the access token is bound to; every tool reads and writes that business only. Send ' +
      '`Authorization: Bearer <access token>` (see Authentication).',
    '',
    '**Scopes and step-up.** Each tool names the scope to ask for and every scope that grants it (what each ' +
      'scope grants: see Authentication). Write tools are listed for read-only tokens too. Calling a tool ' +
      'without its scope answers HTTP 403 with `WWW-Authenticate: Bearer ' +
      'error="insufficient_scope", scope="<the granted scopes plus the missing one>", resource_metadata="' +
      `${oauth.protectedResourceMetadata}"\` and a JSON-RPC error whose \`data\` is \`{code: ` +
      '"MCP_WRITE_SCOPE_REQUIRED", required_scopes, resource_metadata}` (`INSUFFICIENT_SCOPE` for a read). ' +
      'To step up, run the authorization again asking for the granted scopes plus the `required_scopes`; ' +
      'the user consents, and the new token carries them.',
    '',
    '**Errors.** Unknown tool or invalid arguments: JSON-RPC -32602 naming the field (unknown arguments ' +
      'are refused). A domain error (something not found in the business) is a result with `isError: true` ' +
      'and the ErrorMessage.',
    '',
    '| Tool | Title | Required scope |',
    '|---|---|---|',
    ...index,
    '',
    ...procedures.flatMap((procedure) => [tool(procedure, input.urls), '']),
  ];
  return {
    id: 'mcp-tools',
    title: 'MCP tools',
    count: procedures.length,
    summary: `${procedures.length} tools with their required scopes, arguments and result shapes`,
    markdown: markdown.join('\n').trimEnd(),
  };
}
