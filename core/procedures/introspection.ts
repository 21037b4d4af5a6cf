import { callTRPCProcedure, type AnyProcedure, type AnyRouter } from '@trpc/server';
import { middlewareMarker, type MiddlewareResult } from '@trpc/server/unstable-core-do-not-import';
import { z } from 'zod';
import type { Context } from '../context.ts';
import type { ProcedureEntry } from './procedure-entry.ts';

/**
 * The one place that reads tRPC's internals: a procedure's `_def` (its type, meta, input and
 * output schemas, middleware list) and the router's flat procedure map. tRPC documents none of
 * these as public API, so everything the project builds from them (the REST routes, the OpenAPI
 * error descriptions, the MCP catalogue, the tests' output checks) reads them through here, and
 * test/procedures/introspection.test.ts pins each assumption: a tRPC upgrade that changes one
 * fails there, loudly, instead of quietly changing a transport.
 */

/** The parts of a procedure's `_def` read here, typed once. */
interface ProcedureDef {
  type: ProcedureEntry['type'];
  meta?: ProcedureEntry['meta'];
  inputs?: unknown[];
  output?: unknown;
  middlewares?: Array<{ _type?: string }>;
}

function definition(procedure: AnyProcedure): ProcedureDef {
  return procedure._def as unknown as ProcedureDef;
}

/** tRPC marks the middleware `.output()` adds with `_type: 'output'` (and the input parser with 'input'). */
function outputValidators(def: ProcedureDef): Array<{ _type?: string }> {
  return (def.middlewares ?? []).filter((middleware) => middleware._type === 'output');
}

function zodSchema(path: string, what: string, schema: unknown): z.ZodType | undefined {
  if (schema === undefined) return undefined;
  if (schema instanceof z.ZodType) return schema;
  throw new Error(
    `the procedure ${path} declares an ${what} that is not a zod schema; the adapters read only zod schemas`,
  );
}

/** One procedure as an entry; throws on what the adapters cannot read (several `.input()` calls, a non-zod schema). */
function describeProcedure(path: string, procedure: AnyProcedure): ProcedureEntry {
  const def = definition(procedure);
  const inputs = def.inputs ?? [];
  // tRPC merges chained .input() objects; the adapters publish and check one schema, so a procedure has at most one.
  if (inputs.length > 1) throw new Error(`the procedure ${path} chains ${inputs.length} .input() schemas; declare one`);
  const outputSchema = zodSchema(path, 'output', def.output);
  return {
    path,
    type: def.type,
    meta: def.meta,
    inputParser: zodSchema(path, 'input', inputs[0]),
    outputSchema,
    reparsesOutput: outputSchema !== undefined && outputValidators(def).length > 0,
    procedure,
  };
}

/**
 * Every procedure of a router, in the router's order (the order its map declares them: the REST
 * routes and the MCP catalogue keep it), with its path, type, meta and schemas. Lazy sub-routers
 * are not listed: the project declares none, and a router that has some is refused here.
 */
export function listProcedures(router: AnyRouter): ProcedureEntry[] {
  const lazy = Object.keys((router._def as { lazy?: Record<string, unknown> }).lazy ?? {});
  if (lazy.length > 0) throw new Error(`listProcedures: lazy sub-routers (${lazy.join(', ')}) are not supported`);
  const procedures = router._def.procedures as Record<string, AnyProcedure>;
  return Object.entries(procedures).map(([path, procedure]) => describeProcedure(path, procedure));
}

/**
 * Removes the validator `.output(schema)` added to a procedure: its answer is no longer parsed
 * against the schema on every call, while the schema stays on the procedure (its type, the OpenAPI
 * and MCP schemas). Exactly one validator must be there: tRPC marks it, and if a version stops
 * doing so (or the procedure has none, or it was removed already) this throws when the procedure
 * is defined rather than silently validating or not. core/trpc.ts's skipOutputReparse says when.
 */
export function removeOutputValidator<P extends AnyProcedure>(procedure: P): P {
  const def = definition(procedure);
  const middlewares = def.middlewares ?? [];
  const outputs = outputValidators(def);
  if (outputs.length !== 1)
    throw new Error(`removeOutputValidator: expected one output validator, found ${outputs.length}`);
  middlewares.splice(middlewares.indexOf(outputs[0]!), 1);
  return procedure;
}

/**
 * What a middleware returns to answer without running the rest of the procedure (the idempotency
 * middleware's replay): a successful result with no data, which skips the input parser, the handler
 * and the output validator. tRPC has no public way to say it; its result is a plain object whose
 * marker it does not check at run time.
 */
export function answeredWithoutRunning<TContext>(): MiddlewareResult<TContext> {
  return { ok: true, data: undefined, marker: middlewareMarker } as MiddlewareResult<TContext>;
}

export interface CallProcedureOptions {
  router: AnyRouter;
  path: string;
  type: ProcedureEntry['type'];
  /** The input as the transport received it: the procedure's own input schema parses it. */
  input: unknown;
  ctx: Context;
  signal?: AbortSignal;
}

/**
 * Runs one procedure the way tRPC's caller and HTTP handlers do (`callTRPCProcedure`): its
 * middlewares, input parsing, handler and output validation, without building a caller proxy per
 * call. What it throws is a TRPCError (a thrown AppError passes through as one; a failed input
 * parse is BAD_REQUEST with the zod error as cause), which core/errors' classifyError maps. A path
 * that names no procedure of that type is tRPC's NOT_FOUND.
 */
export function callProcedure(options: CallProcedureOptions): Promise<unknown> {
  return callTRPCProcedure({
    router: options.router,
    path: options.path,
    type: options.type,
    ctx: options.ctx,
    getRawInput: () => Promise.resolve(options.input),
    signal: options.signal,
    batchIndex: 0,
  });
}
