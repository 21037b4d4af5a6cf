import type { Context } from '../../core/context.ts';
import { AppError, classifyError } from '../../core/errors/index.ts';
import type { CallOutcome, ReplayedAnswer } from '../../core/services/idempotency/idempotent-call.ts';
import type { HttpAnswer } from './idempotency.ts';
import {
  checkIdempotencyKeyHeader,
  failureAnswer,
  readKey,
  requestFingerprint,
  writeHttpAnswer,
} from './idempotency.ts';
import type { KoaCtx } from './state.ts';

/** The headers of an error answer, as the envelope writes them (never cached). */
const ERROR_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

/** What an idempotent route does, besides its scope. */
export interface IdempotentRoute {
  /** The endpoint its keys belong to ("POST /api/v1/agent/ucp/checkout"). */
  scope: string;
  /** The route's one call into core: its procedure through the invoker, on the request's context. */
  call: () => Promise<unknown>;
  /** The procedure's output as the route's answer. */
  answer: (data: unknown) => HttpAnswer;
  /** Headers the request earned so far (its budget's RateLimit headers). */
  earnedHeaders: () => Record<string, string>;
}

/**
 * What a call threw below 500, as the answer the envelope would have written (an ErrorMessage), so
 * that an Idempotency-Key keeps it and replays it like a success (a 400 for a bad body stays a 400
 * for the same retry). Undefined for a 5xx or anything unexpected: the key is freed, and the
 * envelope answers and logs it as usual.
 */
function errorAnswer(ctx: KoaCtx, error: unknown, earnedHeaders: () => Record<string, string>): HttpAnswer | undefined {
  const classified = classifyError(error, ctx.state.requestId);
  if (classified.unexpected || classified.body.status >= 500) return undefined;
  return {
    status: classified.body.status,
    headers: { ...earnedHeaders(), ...classified.headers, ...ERROR_HEADERS },
    body: JSON.stringify(classified.body),
  };
}

/**
 * The request's fingerprint: its path and query and its parsed JSON body (canonically: key order and
 * spacing do not matter); 400 for a body nested too deeply to walk.
 */
function fingerprintOf(ctx: KoaCtx, scope: string): string {
  try {
    return requestFingerprint(ctx, { scope, body: ctx.state.body });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new AppError('VALIDATION_FAILED', 'The request body is nested too deeply.');
  }
}

/**
 * A replay: the first answer's status (a 201 answered 200: the resource was created by the first
 * request), its own headers and body byte for byte plus Idempotency-Replayed: true, and this
 * request's budget headers (RateLimit), never the first requester's.
 */
function replayAnswer(kept: ReplayedAnswer, earned: Record<string, string>): HttpAnswer {
  // Only the A2A endpoint keeps tasks as answers; a REST route never stores one.
  if (kept.body === null) throw new Error('a stored answer references a task, and this endpoint cannot write one');
  const headers = { ...kept.headers, 'Idempotency-Replayed': 'true', 'Idempotent-Replayed': 'true', ...earned };
  return { status: kept.status === 201 ? 200 : kept.status, headers, body: kept.body };
}

/**
 * A REST route with `rest.idempotent` (core/trpc.ts): the transport side of the Idempotency-Key rules
 * of spec 2.10 and 4.5, around the route's one call. The key is checked before anything runs (400
 * IDEMPOTENCY_KEY_INVALID); then the call runs the procedure's middleware in order: its budgets, so
 * a replay is counted like any request, then the key (core/services/idempotency/run-idempotently.ts:
 * claimed, replayed, kept or freed), then the procedure. Keys are one per caller and per route
 * (`scope`). This side says what the key's middleware cannot: how the request is fingerprinted and
 * how an outcome is answered in bytes (Context.idempotency), and it writes what the middleware
 * decided (Context.response.idempotency).
 */
export async function serveIdempotently(ctx: KoaCtx, context: Context, route: IdempotentRoute): Promise<void> {
  const refused = checkIdempotencyKeyHeader(ctx);
  if (refused) return writeHttpAnswer(ctx, refused);
  // The middleware asks for the answer to keep it; the same bytes are then written, computed once.
  let answered: HttpAnswer | undefined;
  const answerOf = (outcome: CallOutcome): HttpAnswer | undefined =>
    (answered ??= outcome.ok ? route.answer(outcome.data) : errorAnswer(ctx, outcome.error, route.earnedHeaders));
  context.idempotency = {
    scope: route.scope,
    key: readKey(ctx).key,
    fingerprint: () => fingerprintOf(ctx, route.scope),
    answerOf,
  };
  let data: unknown;
  try {
    data = await route.call();
  } catch (error) {
    const handled = context.response.idempotency;
    // Refused by the route's budgets, before its key was looked at: the refusal keeps their headers.
    if (handled === undefined) {
      ctx.set(route.earnedHeaders());
      throw error;
    }
    if (handled.outcome === 'refused') return writeHttpAnswer(ctx, failureAnswer(ctx, error));
    const answer = answerOf({ ok: false, error });
    if (answer === undefined) throw error;
    return writeHttpAnswer(ctx, answer);
  }
  const handled = context.response.idempotency;
  if (handled?.outcome === 'replayed') return writeHttpAnswer(ctx, replayAnswer(handled.answer, route.earnedHeaders()));
  writeHttpAnswer(ctx, answerOf({ ok: true, data })!);
}
