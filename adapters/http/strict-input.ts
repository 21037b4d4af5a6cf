import { z } from 'zod';
import { closestName } from '../../core/errors/closest-name.ts';
import { AppError } from '../../core/errors/index.ts';

/**
 * Strict REST input: a query parameter, a body field or a repeated parameter the operation does not
 * take is refused (400 VALIDATION_FAILED naming each), rather than ignored, so a typo such as
 * `industy=hvac` never answers an unfiltered list and `"secret": "..."` is never silently replaced.
 * The accepted names come from the operation's zod input schema, read once per route: nothing is
 * listed per route. No parameter is tolerated beyond the schema's, cache busters (`_=`) included:
 * answers carry ETag and Cache-Control, so a client that must bypass a cache sends
 * `Cache-Control: no-cache` instead. An object declared open (`z.looseObject`, or with a catchall),
 * such as UCP's extensible checkout request, keeps its unknown members.
 *
 * Does NOT cover: headers (not parameters); the endpoints that read their own bodies (tRPC, MCP,
 * A2A JSON-RPC, OAuth forms, which RFC 6749 requires to ignore unknown parameters); members inside
 * a union (each alternative would name different ones), which the schema itself checks.
 */

/** At most this many problems are named: enough to fix a request, bounded whatever it carries. */
const MAX_NAMED = 20;
/** Schema nesting followed at most (wrappers included); REST bodies are a few levels deep. */
const MAX_DEPTH = 16;

type Issue = { parameter: string; code: string; message: string; path: (string | number)[] };

/** What one operation accepts, read once from its input schema when its route is built. */
export interface InputRules {
  /** Query parameter names, each with whether it may repeat (its schema is a list). */
  query: ReadonlyMap<string, boolean>;
  /** The body's schema (undefined: the operation takes no body fields). */
  body: z.ZodType | undefined;
  /** The path's own parameters: not to be sent again in the query or the body. */
  pathParameters: ReadonlySet<string>;
}

type Def = { type: string; [key: string]: unknown };
// zod 4's public `def` (the classic API exposes it on every schema), read as plain data.
const defOf = (schema: z.ZodType): Def => schema.def as unknown as Def;

/** The schema under optional, nullable, default, pipe (coerce, transform) and the like. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < MAX_DEPTH; depth += 1) {
    const def = defOf(current);
    const inner =
      def.type === 'pipe'
        ? def.in
        : def.type === 'lazy'
          ? (def.getter as () => z.ZodType)()
          : 'innerType' in def
            ? def.innerType
            : undefined;
    if (!(inner instanceof z.ZodType)) return current;
    current = inner;
  }
  return current;
}

/** An object's declared fields, or undefined when it is open (looseObject, catchall) or not an object. */
function closedShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = defOf(unwrap(schema));
  if (def.type !== 'object') return undefined;
  const catchall = def.catchall as z.ZodType | undefined;
  if (catchall && defOf(catchall).type !== 'never') return undefined;
  return def.shape as Record<string, z.ZodType>;
}

/** The rules of an operation: its input schema (undefined for none), its path, whether it reads a body. */
export function inputRules(input: z.ZodType | undefined, openApiPath: string, usesBody: boolean): InputRules {
  const pathParameters = new Set([...openApiPath.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!));
  const shape = input ? (closedShape(input) ?? {}) : {};
  // An open object (or an input that is no object at all) is the schema's own to check, whole.
  const open = input !== undefined && closedShape(input) === undefined;
  const query = new Map<string, boolean>();
  if (!usesBody)
    for (const [name, field] of Object.entries(shape))
      if (!pathParameters.has(name)) query.set(name, defOf(unwrap(field)).type === 'array');
  const body = usesBody ? (open ? input : z.strictObject(omit(shape, pathParameters))) : undefined;
  return { query, body, pathParameters };
}

/**
 * The rules of a hand-written GET route (media bytes, the paid reference, the agent card): these
 * query parameters, each at most once, and nothing else.
 */
export function queryOnlyRules(names: readonly string[]): InputRules {
  return { query: new Map(names.map((name) => [name, false])), body: undefined, pathParameters: new Set() };
}

function omit(shape: Record<string, z.ZodType>, names: ReadonlySet<string>): Record<string, z.ZodType> {
  return Object.fromEntries(Object.entries(shape).filter(([name]) => !names.has(name)));
}

const quote = (name: string): string => JSON.stringify(name.length > 64 ? `${name.slice(0, 64)}…` : name);

function suggestion(name: string, known: Iterable<string>): string {
  const close = closestName(name, known);
  return close ? ` Did you mean ${quote(close)}?` : '';
}

function listOf(names: readonly string[], what: string): string {
  return names.length > 0
    ? `This operation takes the ${what} ${names.join(', ')}.`
    : `This operation takes no ${what}.`;
}

function queryIssues(rules: InputRules, querystring: string, issues: Issue[]): void {
  if (!querystring) return;
  const counts = new Map<string, number>();
  for (const [name] of new URLSearchParams(querystring)) counts.set(name, (counts.get(name) ?? 0) + 1);
  const known = [...rules.query.keys()];
  for (const [name, count] of counts) {
    if (issues.length >= MAX_NAMED) return;
    const repeatable = rules.query.get(name);
    if (repeatable === undefined) {
      const message = rules.pathParameters.has(name)
        ? `${quote(name)} is a path parameter of this operation: put it in the path, not in the query string.`
        : `Unknown query parameter ${quote(name)}.${suggestion(name, known)} ${listOf(known, 'query parameters')}`;
      issues.push({ parameter: name, code: 'unrecognized_keys', message, path: [name] });
    } else if (!repeatable && count > 1) {
      const message = `Query parameter ${quote(name)} was given ${count} times; give it once.`;
      issues.push({ parameter: name, code: 'repeated_parameter', message, path: [name] });
    }
  }
}

/** Unknown members of the body's closed objects, at any depth the schema describes. */
function bodyIssues(
  rules: InputRules,
  schema: z.ZodType,
  value: unknown,
  path: (string | number)[],
  issues: Issue[],
): void {
  if (path.length > MAX_DEPTH || issues.length >= MAX_NAMED) return;
  const unwrapped = unwrap(schema);
  const def = defOf(unwrapped);
  if (def.type === 'array' && Array.isArray(value)) {
    for (const [index, element] of value.entries())
      bodyIssues(rules, def.element as z.ZodType, element, [...path, index], issues);
    return;
  }
  const shape = closedShape(unwrapped);
  if (!shape || value === null || typeof value !== 'object' || Array.isArray(value)) return;
  const known = Object.keys(shape);
  for (const [name, member] of Object.entries(value as Record<string, unknown>)) {
    if (issues.length >= MAX_NAMED) return;
    const where = [...path, name];
    if (Object.hasOwn(shape, name)) {
      bodyIssues(rules, shape[name]!, member, where, issues);
      continue;
    }
    const dotted = where.join('.');
    const message =
      path.length === 0 && rules.pathParameters.has(name)
        ? `${quote(name)} is a path parameter of this operation: put it in the path, not in the body.`
        : path.length === 0
          ? `Unknown body field ${quote(name)}.${suggestion(name, known)} ${listOf(known, 'body fields')}`
          : `Unknown body field ${quote(dotted)}.${suggestion(name, known)} ${quote(path.join('.'))} takes ${known.join(', ') || 'no fields'}.`;
    issues.push({ parameter: dotted, code: 'unrecognized_keys', message, path: where });
  }
}

/**
 * Refuses what the operation does not take: unknown or repeated query parameters, unknown body
 * fields (a body on an operation without one counts as fields it does not take). Throws one
 * VALIDATION_FAILED naming each problem (at most MAX_NAMED), before any budget or work is spent.
 * The values themselves are the input schema's to check.
 */
export function refuseUnexpectedInput(rules: InputRules, querystring: string, body: unknown): void {
  const issues: Issue[] = [];
  queryIssues(rules, querystring, issues);
  if (body !== undefined) bodyIssues(rules, rules.body ?? z.strictObject({}), body, [], issues);
  if (issues.length === 0) return;
  throw new AppError('VALIDATION_FAILED', issues.map((issue) => issue.message).join(' '), { details: issues });
}
