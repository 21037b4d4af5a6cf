import type { $ZodRawIssue } from 'zod/v4/core';
import { closestName } from './closest-name.ts';

/** Longer received text is cut: the message names the value, it does not echo a caller's megabyte. */
const QUOTED_TEXT_LIMIT = 40;

const expectedTypes: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
  null: 'null',
};

const formats: Record<string, string> = {
  email: 'an e-mail address',
  url: 'a URL',
  uuid: 'a UUID',
  guid: 'a UUID',
  datetime: 'an ISO 8601 date and time (e.g. 2026-01-31T09:30:00Z)',
  date: 'a date as YYYY-MM-DD',
  time: 'a time as HH:MM[:SS]',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
};

function quoted(text: string): string {
  return JSON.stringify(text.length > QUOTED_TEXT_LIMIT ? `${text.slice(0, QUOTED_TEXT_LIMIT)}…` : text);
}

/** What the caller sent, in a few words. */
function received(input: unknown): string {
  if (input === undefined) return 'nothing';
  if (input === null) return 'null';
  if (typeof input === 'string') return input === '' ? 'an empty string' : quoted(input);
  // z.coerce.number() hands on NaN for text that is not a number; the text itself is gone by then.
  if (typeof input === 'number' && Number.isNaN(input)) return 'text that is not a number';
  if (typeof input === 'number' || typeof input === 'boolean' || typeof input === 'bigint') return String(input);
  if (Array.isArray(input)) return `a list of ${input.length}`;
  if (input instanceof Date) return 'a date';
  return `a ${typeof input}`;
}

/** The count a size bound is about: characters of text, items of a list, bytes of a file. */
function unitsOf(origin: string, count: number | bigint): string {
  const one = Number(count) === 1;
  if (origin === 'string') return one ? 'character' : 'characters';
  if (origin === 'array' || origin === 'set') return one ? 'item' : 'items';
  if (origin === 'file') return 'bytes';
  return '';
}

function sizeOf(input: unknown): string {
  if (typeof input === 'string') return `${input.length}`;
  if (Array.isArray(input)) return `${input.length}`;
  return received(input);
}

function bound(
  word: 'at most' | 'at least',
  strictWord: 'less than' | 'more than',
  iss: { origin: string; inclusive?: boolean; input?: unknown },
  limit: number | bigint,
): string {
  const units = unitsOf(iss.origin, limit);
  const expected = `expected ${iss.inclusive === false ? strictWord : word} ${limit}${units ? ` ${units}` : ''}`;
  return `${expected}, received ${sizeOf(iss.input)}`;
}

function unrecognizedKeys(keys: readonly string[], inst: unknown): string {
  const shape = (inst as { _zod?: { def?: { shape?: Record<string, unknown> } } })?._zod?.def?.shape ?? {};
  const known = Object.keys(shape);
  const named = keys.map((key) => {
    const suggestion = closestName(key, known);
    return suggestion ? `${quoted(key)} (did you mean ${quoted(suggestion)}?)` : quoted(key);
  });
  const accepted = known.length > 0 ? `expected only ${known.join(', ')}` : 'expected no fields';
  return `unknown field${keys.length === 1 ? '' : 's'} ${named.join(', ')}: ${accepted}`;
}

/**
 * The house style of a validation message: what was expected (with its bounds), what was received.
 * Registered as zod's error map (core/trpc.ts), so every schema that sets no message of its own
 * speaks this way on every transport; a message a schema sets itself still wins. Undefined leaves
 * zod's own wording (unions, custom checks without a message).
 */
export function houseStyleMessage(iss: $ZodRawIssue): string | undefined {
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined) return `required: expected ${expectedTypes[iss.expected] ?? iss.expected}`;
      return `expected ${expectedTypes[iss.expected] ?? iss.expected}, received ${received(iss.input)}`;
    case 'too_big':
      return bound('at most', 'less than', iss, iss.maximum as number | bigint);
    case 'too_small':
      return bound('at least', 'more than', iss, iss.minimum as number | bigint);
    case 'invalid_value': {
      const values = iss.values.map((value) => (typeof value === 'string' ? value : String(value)));
      const expected = values.length === 1 ? `expected ${values[0]}` : `expected one of ${values.join(', ')}`;
      return `${expected}; received ${received(iss.input)}`;
    }
    case 'invalid_format': {
      if (iss.format === 'regex' && iss.pattern)
        return `expected text matching ${iss.pattern}, received ${received(iss.input)}`;
      const expected = formats[iss.format] ?? `the ${iss.format} format`;
      return `expected ${expected}, received ${received(iss.input)}`;
    }
    case 'not_multiple_of':
      return `expected a multiple of ${String(iss.divisor)}, received ${received(iss.input)}`;
    case 'unrecognized_keys':
      return unrecognizedKeys(iss.keys, iss.inst);
    default:
      return undefined;
  }
}

/**
 * A schema's own wording of what it expects, with what was received appended in the house style:
 * `z.coerce.number({ error: expecting('expected a whole number from 1 to 50') })` answers
 * "expected a whole number from 1 to 50, received 100".
 */
export function expecting(expected: string): (iss: $ZodRawIssue) => string {
  return (iss) => `${expected}, received ${received(iss.input)}`;
}
