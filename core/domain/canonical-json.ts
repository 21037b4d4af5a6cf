/**
 * RFC 8785 (JCS) canonical JSON: every object's keys in UTF-16 code-unit order and no insignificant
 * whitespace; JSON.stringify's number and string forms are already RFC 8785's for strings, finite
 * numbers, booleans and null (test/domain/canonical-json.test.ts checks the RFC's vectors). Equal
 * values give equal text whatever order their keys were built in, so a hash of it survives restarts
 * and instances, and a signature over it (the A2A card's) verifies wherever the JSON is re-read.
 * Written out by hand because a JavaScript object always lists integer-like keys first. Not covered:
 * a non-finite number (JSON.parse reads 1e999 as Infinity) is written null, as JSON.stringify does,
 * where RFC 8785 refuses it; lone surrogates are escaped, where RFC 8785 expects I-JSON input.
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
