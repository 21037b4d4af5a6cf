import { errorCatalogue, type ErrorCode } from '../../errors/index.ts';
import { cell, code, deployed } from './markdown.ts';
import type { ReferenceInput, ReferenceSection } from './types.ts';

/** Every error code the service answers, from the one catalogue every transport maps from. */
export function errorsSection(input: ReferenceInput): ReferenceSection {
  const codes = (Object.keys(errorCatalogue) as ErrorCode[]).sort();
  const rows = codes.map((name) => {
    const entry = errorCatalogue[name];
    return `| ${code(name)} | ${entry.status} | ${entry.jsonRpc} | ${cell(deployed(entry.resolution, input.urls))} |`;
  });
  const markdown = [
    '## Errors',
    '',
    'REST answers an error as an ErrorMessage `{code, message, resolution, status}` with that HTTP status; ' +
      "MCP and A2A carry the same ErrorMessage in a JSON-RPC error with the code below (a tool's domain error " +
      'is a result with `isError: true` instead). Switch on `code`, never on `message`.',
    '',
    '| Code | HTTP | JSON-RPC | Resolution |',
    '|---|---|---|---|',
    ...rows,
  ];
  return {
    id: 'errors',
    title: 'Errors',
    count: codes.length,
    summary: `${codes.length} codes with their HTTP status, JSON-RPC code and resolution`,
    markdown: markdown.join('\n'),
  };
}
