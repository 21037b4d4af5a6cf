import { TRPCError, type AnyRouter } from '@trpc/server';
import type { Context } from '../context.ts';
import type { ProcedureEntry } from './procedure-entry.ts';
import { callProcedure, listProcedures } from './introspection.ts';

/**
 * The types below come from the router's caller type (`createCaller`'s result: procedures are its
 * functions, sub-routers its objects), tRPC's public typing of an in-process call, so they read no
 * internals and a call through the invoker is typed exactly as one through the caller.
 */
type CallerOf<TRouter extends AnyRouter> = ReturnType<TRouter['createCaller']>;

/** Every procedure path of a caller, dotted: "blog.getPost" | "protocols.oauth.tokens.exchangeToken" | ... */
type PathsOf<TCaller> = {
  [K in keyof TCaller & string]: TCaller[K] extends (...args: never[]) => unknown
    ? K
    : TCaller[K] extends object
      ? `${K}.${PathsOf<TCaller[K]>}`
      : never;
}[keyof TCaller & string];

/** The caller's function at a dotted path. */
type FunctionAt<TCaller, TPath extends string> = TPath extends `${infer Head}.${infer Rest}`
  ? Head extends keyof TCaller
    ? FunctionAt<TCaller[Head], Rest>
    : never
  : TPath extends keyof TCaller
    ? TCaller[TPath]
    : never;

/**
 * The router an invoker runs unless told otherwise: the app's, registered by core/routers/_app.ts
 * through declaration merging, so this module never imports the router that imports core.
 * @public (exported for that merge)
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by core/routers/_app.ts
export interface InvokerRegister {}
type DefaultRouter = InvokerRegister extends { router: infer TRouter extends AnyRouter } ? TRouter : AnyRouter;

/** The procedure paths of a router: what ProcedureInvoker.call() accepts (the app router's by default). */
export type ProcedurePath<TRouter extends AnyRouter = DefaultRouter> = PathsOf<CallerOf<TRouter>>;

/** What the procedure at `TPath` answers, as the caller types it. */
type ProcedureOutput<TPath extends ProcedurePath<TRouter>, TRouter extends AnyRouter = DefaultRouter> =
  FunctionAt<CallerOf<TRouter>, TPath> extends (...args: never[]) => Promise<infer TOutput> ? TOutput : never;

/**
 * How every adapter runs a procedure: built once, when the app is composed, on the router the app
 * serves (appRouter, or a test's router that extends it), and handed to each adapter. Inputs are
 * `unknown` on purpose: they are what a transport received, and the procedure's own input schema
 * parses them (VALIDATION_FAILED when they do not fit). Errors are the procedure's, as tRPC throws
 * them (see callProcedure); the context is the caller's, so the adapter reads `ctx.response`
 * (status, headers a procedure asked for) after the call.
 */
export interface ProcedureInvoker<TRouter extends AnyRouter = DefaultRouter> {
  /** The router the invoker runs (the OpenAPI generator reads it). */
  readonly router: TRouter;
  /** Its procedures (listProcedures), for adapters that build routes or catalogues from meta. */
  readonly procedures: readonly ProcedureEntry[];
  /**
   * Calls the procedure at a path known at compile time; the answer is typed as the procedure's
   * output. A renamed or removed procedure is a compile error at the call.
   */
  call<TPath extends ProcedurePath<TRouter>>(
    path: TPath,
    input: unknown,
    ctx: Context,
    signal?: AbortSignal,
  ): Promise<ProcedureOutput<TPath, TRouter>>;
  /**
   * Calls the procedure at a path found at run time (a REST route's or an MCP tool's, both from
   * `procedures`). A path that names no procedure is tRPC's NOT_FOUND (404 ROUTE_NOT_FOUND).
   */
  callPath(path: string, input: unknown, ctx: Context, signal?: AbortSignal): Promise<unknown>;
}

/** The events of a streaming answer (`{stream: {events}}`, an async iterable: the A2A streaming methods'). */
function streamedEvents(answer: unknown): AsyncIterable<unknown> | undefined {
  if (typeof answer !== 'object' || answer === null || !('stream' in answer)) return undefined;
  const { stream } = answer as { stream: unknown };
  if (typeof stream !== 'object' || stream === null || !('events' in stream)) return undefined;
  const { events } = stream as { events: unknown };
  return typeof events === 'object' && events !== null && Symbol.asyncIterator in events
    ? (events as AsyncIterable<unknown>)
    : undefined;
}

/**
 * The events, with `ended` called once they end (or the reader stops): a streaming procedure's call
 * lasts as long as its stream, so a procedure a port runs while the events are produced (the
 * streamed skill) is counted inside it, not as another crossing.
 */
async function* untilEnded<T>(events: AsyncIterable<T>, ended: () => void): AsyncGenerator<T, void, undefined> {
  try {
    yield* events;
  } finally {
    ended();
  }
}

/** The invoker of a router: its procedures are listed once, here, and each call runs through callProcedure. */
export function createInvoker<TRouter extends AnyRouter>(router: TRouter): ProcedureInvoker<TRouter> {
  const procedures = listProcedures(router);
  const byPath = new Map(procedures.map((entry) => [entry.path, entry]));
  // Calls in progress per context: a call made while another runs on its context comes from inside
  // core (a port running a procedure, as the A2A skill runner does), not from an adapter.
  const running = new WeakMap<Context, number>();
  const callPath = async (path: string, input: unknown, ctx: Context, signal?: AbortSignal): Promise<unknown> => {
    const entry = byPath.get(path);
    if (!entry) throw new TRPCError({ code: 'NOT_FOUND', message: `No procedure found on path "${path}"` });
    const depth = running.get(ctx) ?? 0;
    // One line per call at debug level (free at info): how the architecture suite counts the calls
    // an adapter makes per request (docs/architecture.md: one crossing into core per request).
    ctx.log.debug({ procedure: path, nested: depth > 0 }, 'core call');
    running.set(ctx, depth + 1);
    let streaming = false;
    try {
      const answer = await callProcedure({ router, path, type: entry.type, input, ctx, signal });
      const events = streamedEvents(answer);
      if (!events) return answer;
      streaming = true;
      const streamed = answer as { stream: object };
      return { ...streamed, stream: { ...streamed.stream, events: untilEnded(events, () => running.set(ctx, depth)) } };
    } finally {
      if (!streaming) running.set(ctx, depth);
    }
  };
  return {
    router,
    procedures,
    call: callPath as ProcedureInvoker<TRouter>['call'],
    callPath,
  };
}
