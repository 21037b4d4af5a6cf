import type { ProcedureEntry } from '../procedure-entry.ts';
import { AGENT_TASK_RETENTION_DAYS } from '../../services/agent-tasks/retention.ts';
import { discoveryUrls } from '../../services/discovery/urls.ts';
import { budgetsOf, describeBudget } from './budgets.ts';
import { parametersOf, type Parameter } from './json-schema.ts';
import { cell, code, deployed, fenced, parameterTable } from './markdown.ts';
import { responseShape } from './shape.ts';
import type { ReferenceInput, ReferenceSection } from './types.ts';
import { skillProcedures } from './visibility.ts';

/** The arguments of the example data part: the required ones as placeholders, the defaulted ones at their default. */
function exampleArguments(parameters: readonly Parameter[]): Record<string, unknown> {
  return Object.fromEntries(
    parameters
      .filter((parameter) => parameter.required || parameter.defaultValue !== undefined)
      .map((parameter) => [
        parameter.name,
        parameter.defaultValue === undefined ? `<${parameter.name}>` : (JSON.parse(parameter.defaultValue) as unknown),
      ]),
  );
}

/** The data part that calls a skill. */
function exampleDataPart(procedure: ProcedureEntry): { skill: string; arguments: Record<string, unknown> } {
  return { skill: procedure.meta!.skill!.id, arguments: exampleArguments(parametersOf(procedure.inputParser)) };
}

/** An A2A 0.3 message/send request carrying the data part. */
function exampleRequest(procedure: ProcedureEntry): string {
  const request = {
    jsonrpc: '2.0',
    id: 1,
    method: 'message/send',
    params: {
      message: {
        kind: 'message',
        messageId: 'm-1',
        role: 'user',
        parts: [{ kind: 'data', data: exampleDataPart(procedure) }],
      },
    },
  };
  return JSON.stringify(request, null, 2);
}

function skill(procedure: ProcedureEntry, urls: ReferenceInput['urls']): string {
  const meta = procedure.meta!.skill!;
  const openapi = procedure.meta!.openapi;
  return [
    `### ${meta.id}`,
    '',
    `**${meta.name}**. Tags: ${meta.tags.map(code).join(', ')}.` +
      (openapi ? ` Runs the same procedure as ${code(`${openapi.method} ${openapi.path}`)}.` : ''),
    '',
    deployed(meta.description, urls),
    '',
    '**Arguments** (the `arguments` object of the data part)',
    '',
    parameterTable(parametersOf(procedure.inputParser), () => 'arguments'),
    '',
    '**Example data part**',
    '',
    fenced('json', JSON.stringify(exampleDataPart(procedure))),
    '',
    '**Example phrasings** (a text part alone is routed to this skill)',
    '',
    ...meta.examples.map((example) => `- ${cell(deployed(example, urls))}`),
    '',
    '**Artifact data** (the REST answer)',
    '',
    code(responseShape(procedure.outputSchema)),
  ].join('\n');
}

/** Every A2A skill: id, arguments, example data part and phrasings, and how the agent is called. */
export function a2aSkillsSection(input: ReferenceInput): ReferenceSection {
  const procedures = skillProcedures(input.procedures);
  const urls = discoveryUrls(input.urls);
  const budget = budgetsOf(input.limits).find((candidate) => candidate.key === 'agentRequests');
  const first = procedures[0];
  const markdown = [
    '## A2A skills',
    '',
    `A2A agent, no credential needed. Card: ${code(urls.agentCardWellKnown)} (also ${code(urls.agentCardLegacy)} ` +
      `and ${code(urls.a2a)}). JSON-RPC: ${code(`POST ${urls.a2a}`)}; with header \`A2A-Version: 1.0\` the methods ` +
      'are `SendMessage` and `GetTask`, without it (or with `0.3`) `message/send` and `tasks/get`.',
    '',
    '- A data part `{"skill": "<id>", "arguments": {...}}` calls a skill; its arguments are the REST ' +
      "endpoint's parameters, with the same names, limits and validation. Wrong arguments: JSON-RPC -32602 " +
      'naming the field. Unknown arguments are refused.',
    '- A text part alone is routed by the text router to the skill its words fit (the phrasings below).',
    '- The answer is a completed task with one artifact: a data part with exactly the REST JSON and a ' +
      `text part summarising it. Tasks stay readable by id for ${AGENT_TASK_RETENTION_DAYS} days.`,
    `- Rate limit: ${budget ? `${describeBudget(budget)}: ${budget.scope}` : 'none'}; the skills' own endpoint budgets apply on top.`,
    '- `Idempotency-Key` is accepted (see Limits).',
    '',
    '| Skill | Name | Tags |',
    '|---|---|---|',
    ...procedures.map((procedure) => {
      const meta = procedure.meta!.skill!;
      return `| ${code(meta.id)} | ${cell(meta.name)} | ${meta.tags.map(code).join(', ')} |`;
    }),
    '',
    ...(first ? ['Example request (A2A 0.3):', '', fenced('json', exampleRequest(first)), ''] : []),
    ...procedures.flatMap((procedure) => [skill(procedure, input.urls), '']),
  ];
  return {
    id: 'a2a-skills',
    title: 'A2A skills',
    count: procedures.length,
    summary: `${procedures.length} skills with their arguments, example data parts and phrasings`,
    markdown: markdown.join('\n').trimEnd(),
  };
}
