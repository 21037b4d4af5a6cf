import { z } from 'zod';

/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a bound value with one fails the
 * statement, a 500. Every string that can reach the database refuses it up front instead, as a
 * validation error (400), with one of the two checks below (`.check(noNul())` in a string chain).
 */
// eslint-disable-next-line no-control-regex, regexp/control-character-escape -- the NUL character is exactly what this rule refuses, and \u0000 is how JSON Schema readers in every dialect spell it
const NUL_FREE = /^[^\u0000]*$/;

/** The rule as a regex: the schema's JSON Schema (OpenAPI, MCP tools) shows it as `pattern: ^[^\u0000]*$`. */
export function noNul(message = 'must not contain NUL characters') {
  return z.regex(NUL_FREE, { message });
}

/**
 * The same rule as a refinement, which JSON Schema does not show: the public blog, government and
 * directory parameters were published without a `pattern`, and their documents stay as they are.
 */
export function refuseNul(message: string) {
  return z.refine<string>((value) => !value.includes('\u0000'), { message });
}
