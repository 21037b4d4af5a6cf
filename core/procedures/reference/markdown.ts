import type { Parameter } from './json-schema.ts';

/** Text for a Markdown table cell: one line, pipes escaped (the type names escape their own). */
export function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/(?<!\\)\|/g, '\\|');
}

/** An inline code span that survives backticks in its text. */
export function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

/** A fenced block. */
export function fenced(language: string, text: string): string {
  return `\`\`\`${language}\n${text}\n\`\`\``;
}

/** The parameter table of an endpoint, tool or skill; `where` says where each one goes (query, path, body). */
export function parameterTable(parameters: readonly Parameter[], where: (name: string) => string): string {
  if (parameters.length === 0) return 'No parameters.';
  const rows = parameters.map((parameter) =>
    [
      code(parameter.name),
      where(parameter.name),
      parameter.type,
      parameter.required ? 'yes' : 'no',
      cell(parameter.limits),
      parameter.defaultValue === undefined ? '' : code(parameter.defaultValue),
      cell(parameter.description),
    ].join(' | '),
  );
  return [
    '| Name | In | Type | Required | Limits | Default | Description |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

/**
 * Text of the procedures' meta for this deployment: descriptions written once for every deployment
 * say `{site_url}` and `{base_url}`; the reference spells them out, so every URL in it is absolute.
 */
export function deployed(text: string, urls: { site: string; base: string }): string {
  return text.replaceAll('{base_url}', urls.base).replaceAll('{site_url}', urls.site);
}
