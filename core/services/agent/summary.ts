/** Small wording helpers for the skills' `summarize` (the text part of an A2A answer). */

/** How many names a summary quotes. */
const NAMED = 3;

/** `"A", "B" and "C"` (and "and N more" beyond the first three). */
export function firstNames(names: readonly string[], total: number = names.length): string {
  const quoted = names.slice(0, NAMED).map((name) => `"${name}"`);
  const more = total - quoted.length;
  if (more > 0) return `${quoted.join(', ')} and ${more} more`;
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}

/** "industry hvac, metro austin" from the filters that were given (blank and absent ones left out), or "no filters". */
export function appliedFilters(input: Record<string, unknown> | undefined, names: readonly string[]): string {
  const given = names
    .map((name) => [name, input?.[name]] as const)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => `${name} ${String(value)}`);
  return given.length === 0 ? 'no filters' : given.join(', ');
}

/** "1 business" / "2 businesses". */
export function counted(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
