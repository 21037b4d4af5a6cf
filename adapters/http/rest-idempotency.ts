import { classifyError } from '../../core/errors/index.ts';
import type { HttpAnswer } from './idempotency.ts';
import { answerIdempotently, checkIdempotencyKeyHeader, writeHttpAnswer } from './idempotency.ts';
import type { ProcedureAccess } from './procedure-access.ts';
import type { KoaCtx } from './state.ts';

/** The headers of an error answer, as the envelope writes them (never cached). */
const ERROR_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

/**
 * Runs a REST route's call and turns what it throws below 500 into the answer the envelope would
 * have written (an ErrorMessage), so that an Idempotency-Key stores it and replays it like a
 * success (a 400 for a bad body stays a 400 for the same retry). A 5xx, or anything unexpected, is
 * rethrown: the key is released, and the envelope answers and logs it as usual.
 */
async function answerOf(
  ctx: KoaCtx,
  call: () => Promise<HttpAnswer>,
  earnedHeaders: () => Record<string, string>,
): Promise<HttpAnswer> {
  try {
    return await call();
  } catch (error) {
    const classified = classifyError(error, ctx.state.requestId);
    if (classified.unexpected || classified.body.status >= 500) throw error;
    return {
      status: classified.body.status,
      headers: { ...earnedHeaders(), ...classified.headers, ...ERROR_HEADERS },
      body: JSON.stringify(classified.body),
    };
  }
}

/** What an idempotent route does, besides its scope. */
export interface IdempotentRoute {
  /** Reserves the route's budgets (`rest.admission`); what it throws is the answer (a 429, a 503). */
  admit: () => Promise<void>;
  /** The route's call, answered as data. */
  call: () => Promise<HttpAnswer>;
  /** Headers the request earned so far (its budget's RateLimit headers). */
  earnedHeaders: () => Record<string, string>;
}

/**
 * A REST route with `rest.idempotent` (core/trpc.ts): the Idempotency-Key rules of spec 2.10 and 4.5
 * over the generic route, as the A2A endpoint has them. The key is checked before anything runs (400
 * IDEMPOTENCY_KEY_INVALID); then the route's budgets are reserved (`admit`), so a replay is counted
 * like any request; then the key is claimed. Keys are one per caller (the idempotency procedures
 * take the owner from the context) and per route, `scope` ("POST /api/v1/agent/ucp/checkout"), and
 * the fingerprint covers the path and query and the parsed JSON body (canonically: key order and
 * spacing do not matter). A replayed 201 is answered 200 (the resource was created by the first
 * request), with the first answer's own headers and body byte for byte plus Idempotency-Replayed:
 * true, and this request's budget headers (RateLimit), never the first requester's.
 */
export async function serveIdempotently(
  ctx: KoaCtx,
  access: ProcedureAccess,
  scope: string,
  route: IdempotentRoute,
): Promise<void> {
  const refused = checkIdempotencyKeyHeader(ctx);
  if (refused) return writeHttpAnswer(ctx, refused);
  await route.admit();
  const answer = await answerIdempotently(ctx, access, { scope, body: ctx.state.body }, () =>
    answerOf(ctx, route.call, route.earnedHeaders),
  );
  if (!answer.replayed) return writeHttpAnswer(ctx, answer);
  const headers = { ...answer.headers, ...route.earnedHeaders() };
  writeHttpAnswer(ctx, { ...answer, status: answer.status === 201 ? 200 : answer.status, headers });
}
