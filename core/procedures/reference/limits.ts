import type { ProcedureEntry } from '../procedure-entry.ts';
import { AGENT_TASK_RETENTION_DAYS } from '../../services/agent-tasks/retention.ts';
import { discoveryUrls } from '../../services/discovery/urls.ts';
import type { RestMapping } from '../rest-operations.ts';
import {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_LEASE_SECONDS,
  IDEMPOTENCY_RETENTION_SECONDS,
} from '../../services/idempotency/policy.ts';
import { budgetsOf } from './budgets.ts';
import { parametersOf } from './json-schema.ts';
import { cell, code } from './markdown.ts';
import type { ReferenceInput, ReferenceSection } from './types.ts';
import { restEndpoints, toolProcedures } from './visibility.ts';

/** The parameters that size a page, wherever they appear. */
const PAGE_SIZE_PARAMETERS: ReadonlySet<string> = new Set(['per_page', 'limit']);

/** Where an operation is named: "GET /v1/blog/posts" for REST, the tool name for MCP. */
function operationName(procedure: ProcedureEntry, openapi: RestMapping | undefined): string {
  return openapi ? `${openapi.method} ${openapi.path}` : `MCP ${procedure.meta!.tool!.name}`;
}

/** One row per operation and page-size parameter, with the bounds and default its schema states. */
function pagingRows(input: ReferenceInput): string[] {
  const operations = [
    ...restEndpoints(input.procedures).map(({ procedure, openapi }) => [procedure, openapi] as const),
    ...toolProcedures(input.procedures).map((procedure) => [procedure, undefined] as const),
  ];
  return operations.flatMap(([procedure, openapi]) =>
    parametersOf(procedure.inputParser)
      .filter((parameter) => PAGE_SIZE_PARAMETERS.has(parameter.name))
      .map(
        (parameter) =>
          `| ${code(operationName(procedure, openapi))} | ${code(parameter.name)} | ${cell(parameter.limits)} | ` +
          `${parameter.defaultValue ?? ''} |`,
      ),
  );
}

/** The limits a caller meets: page sizes from the schemas, budgets and body size from the configuration. */
export function limitsSection(input: ReferenceInput): ReferenceSection {
  const budgets = budgetsOf(input.limits);
  const urls = discoveryUrls(input.urls);
  const markdown = [
    '## Limits',
    '',
    '**Page sizes** (beyond the bounds: 400 `VALIDATION_FAILED` naming the parameter):',
    '',
    '| Operation | Parameter | Bounds | Default |',
    '|---|---|---|---|',
    ...pagingRows(input),
    '',
    '**Rate limits** (per client: the socket address, IPv6 per /64; beyond a budget, 429 `RATE_LIMITED` ' +
      'with `Retry-After`, and the `RateLimit-Policy` and `RateLimit` headers on every counted answer):',
    '',
    '| Budget | Counts | Allowance | Window |',
    '|---|---|---|---|',
    ...budgets.map(
      (budget) => `| ${code(budget.name)} | ${cell(budget.scope)} | ${budget.points} | ${budget.windowSeconds} s |`,
    ),
    '',
    '**Request bodies**: at most ' +
      `${input.limits.maxBodyBytes} bytes (larger: 413 \`PAYLOAD_TOO_LARGE\`); JSON bodies need ` +
      '`Content-Type: application/json` (else 415 `UNSUPPORTED_MEDIA_TYPE`).',
    '',
    `**Idempotency-Key** (the agent POST endpoints: ${code(`POST ${urls.a2a}`)} and the UCP checkout): 1 to ` +
      `${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters (0x21 to 0x7E), one header; a bad key is 400 ` +
      '`IDEMPOTENCY_KEY_INVALID`. A key belongs to one client (its address, IPv6 per /64) and one endpoint: ' +
      "another client's same key is a key of its own. The same key with the same request " +
      `replays the first answer (header \`Idempotency-Replayed: true\`, with this request's RateLimit headers) for ${IDEMPOTENCY_RETENTION_SECONDS / 3600} ` +
      'hours; with a different request it is 409 `IDEMPOTENCY_KEY_REUSED`; while the first request is still ' +
      `running (up to ${IDEMPOTENCY_LEASE_SECONDS} seconds) a retry is 409 \`IDEMPOTENCY_REQUEST_IN_PROGRESS\` ` +
      'with `Retry-After`.',
    '',
    `**A2A tasks** are kept ${AGENT_TASK_RETENTION_DAYS} days after they are created, then deleted ` +
      '(`tasks/get` / `GetTask` then answers task not found).',
    '',
    `**Access tokens** of the MCP resource live ${input.limits.accessTokenTtlSeconds} seconds.`,
  ];
  return {
    id: 'limits',
    title: 'Limits',
    count: null,
    summary:
      'page sizes, rate limits with their configured values, body size, Idempotency-Key, task and token lifetimes',
    markdown: markdown.join('\n'),
  };
}
