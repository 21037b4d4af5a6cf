/**
 * JSON with every object's keys in UTF-16 code-unit order and no insignificant whitespace (RFC 8785's key
 * order; for our values, strings, finite numbers, booleans, null, arrays and plain objects,
 * JSON.stringify's number and string forms are already RFC 8785's). Equal values give equal text
 * whatever order their keys were built in, so a hash of it survives restarts and instances.
 * Written out by hand because a JavaScript object always lists integer-like keys first.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value))
    return `[${value.map((entry) => (entry === undefined ? 'null' : canonicalJson(entry))).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const members = Object.entries(value as Record<string, unknown>)
    .filter(([, entry]) => entry !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`);
  return `{${members.join(',')}}`;
}
