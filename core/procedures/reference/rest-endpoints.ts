import type { ZodObject, ZodType } from 'zod';
import type { ProcedureEntry } from '../procedure-entry.ts';
import type { RestOperation } from '../rest-operations.ts';
import { budgetOf, describeBudget } from './budgets.ts';
import { parametersOf, type Parameter } from './json-schema.ts';
import { cell, code, deployed, fenced, parameterTable } from './markdown.ts';
import { responseShape } from './shape.ts';
import type { ReferenceInput, ReferenceSection } from './types.ts';
import { restEndpoints } from './visibility.ts';

/** The names in `{braces}` of an OpenAPI path: its path parameters. */
function pathParameters(path: string): Set<string> {
  return new Set([...path.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1]!));
}

/**
 * An example request: the absolute URL with path parameters left as `{name}` and, for a query,
 * every parameter that has a default at that default plus the required ones as `<name>`. A body
 * method shows the same parameters as a JSON body.
 */
function exampleRequest(
  method: string,
  url: string,
  parameters: readonly Parameter[],
  inPath: Set<string>,
  headers: string,
): string {
  const shown = parameters.filter(
    (parameter) => !inPath.has(parameter.name) && (parameter.required || parameter.defaultValue !== undefined),
  );
  const value = (parameter: Parameter) => parameter.defaultValue ?? `"<${parameter.name}>"`;
  if (method === 'GET' || method === 'DELETE') {
    const query = shown.map((parameter) => `${parameter.name}=${value(parameter).replace(/^"|"$/g, '')}`).join('&');
    return `curl -s '${url}${query === '' ? '' : `?${query}`}'${headers}`;
  }
  const body = `{${shown.map((parameter) => `"${parameter.name}": ${value(parameter)}`).join(', ')}}`;
  return `curl -s -X ${method} '${url}'${headers} -H 'Content-Type: application/json' -d '${body}'`;
}

/**
 * The `-H` options of the request headers an operation requires (`openapi.requestHeaders`, e.g. UCP's
 * UCP-Agent): the value is the header schema's `example` meta, else `<name>`. Without them the
 * example would only show the refusal.
 */
function requiredHeaderOptions(requestHeaders: ZodObject | undefined): string {
  if (!requestHeaders) return '';
  return Object.entries(requestHeaders.shape)
    .filter(([, schema]) => !(schema as ZodType).safeParse(undefined).success)
    .map(([name, schema]) => {
      const example = (schema as ZodType).meta()?.example;
      return ` -H '${name}: ${typeof example === 'string' ? example : `<${name}>`}'`;
    })
    .join('');
}

function errorLines(errors: Record<string | number, string> | undefined, urls: ReferenceInput['urls']): string[] {
  if (!errors) return [];
  return Object.keys(errors)
    .sort()
    .map((status) => `- ${status}: ${cell(deployed(errors[status]!, urls))}`);
}

/** What credential the endpoint needs (`rest.credential`; webhook management's token and scope). */
function authentication(procedure: ProcedureEntry): string {
  if (procedure.meta?.rest?.credential === 'workspace_api_token')
    return 'Authorization: Bearer <workspace API token> (with the scope webhooks:manage)';
  return procedure.meta?.openapi?.protect ? 'Authorization: Bearer <token>' : 'none';
}

function endpoint({ procedure, openapi }: RestOperation, input: ReferenceInput): string {
  const url = `${input.urls.base}${openapi.path}`;
  const inPath = pathParameters(openapi.path);
  const parameters = parametersOf(procedure.inputParser);
  const where = (name: string) =>
    inPath.has(name) ? 'path' : openapi.method === 'GET' || openapi.method === 'DELETE' ? 'query' : 'body';
  const budget = budgetOf(procedure, input.limits);
  const errors = errorLines(openapi.errorResponses as Record<string, string> | undefined, input.urls);
  const lines = [
    `### ${openapi.method} ${openapi.path}`,
    '',
    `${openapi.summary ?? ''}${openapi.deprecated ? ' **Deprecated.**' : ''}`,
    '',
    `- URL: ${code(url)}`,
    `- operationId: ${code(openapi.operationId ?? procedure.path)}`,
    `- Authentication: ${authentication(procedure)}`,
    `- Rate limit: ${budget ? `${describeBudget(budget)}: ${budget.scope}` : 'none of its own'}`,
    '',
    deployed(openapi.description ?? '', input.urls),
    '',
    '**Parameters**',
    '',
    parameterTable(parameters, where),
    '',
    '**Example request**',
    '',
    fenced(
      'sh',
      exampleRequest(openapi.method, url, parameters, inPath, requiredHeaderOptions(openapi.requestHeaders)),
    ),
    '',
    `**Response** 200${openapi.successDescription ? `: ${deployed(openapi.successDescription, input.urls)}` : ''}`,
    '',
    code(responseShape(procedure.outputSchema)),
  ];
  if (errors.length > 0) lines.push('', '**Errors**', '', ...errors);
  return lines.join('\n');
}

/** Every public REST endpoint: operations with openapi meta (alias paths included), in published order. */
export function restEndpointsSection(input: ReferenceInput): ReferenceSection {
  const operations = restEndpoints(input.procedures);
  const index = operations.map(({ openapi }) => {
    return `| ${openapi.method} | ${code(openapi.path)} | ${cell(openapi.summary ?? '')} |`;
  });
  const markdown = [
    '## Public REST endpoints',
    '',
    `Base URL: ${code(input.urls.base)}. Every endpoint answers JSON; errors are an ErrorMessage ` +
      '`{code, message, resolution, status}` (see Errors). Every 2xx GET carries an `ETag` (304 on ' +
      '`If-None-Match`). The OpenAPI 3.1 document with every schema in full is at ' +
      `${code(`${input.urls.base}/openapi.json`)}.`,
    '',
    '| Method | Path | What it does |',
    '|---|---|---|',
    ...index,
    '',
    ...operations.flatMap((operation) => [endpoint(operation, input), '']),
  ];
  return {
    id: 'rest-endpoints',
    title: 'Public REST endpoints',
    count: operations.length,
    summary: `${operations.length} endpoints with parameters, limits, example requests and response shapes`,
    markdown: markdown.join('\n').trimEnd(),
  };
}
