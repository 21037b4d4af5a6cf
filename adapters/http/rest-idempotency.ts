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

/**
 * A REST route with `rest.idempotent` (core/trpc.ts): the Idempotency-Key rules of spec 2.10 and 4.5
 * over the generic route, as the A2A endpoint has them. The key is checked before anything runs (400
 * IDEMPOTENCY_KEY_INVALID); `scope` is the route ("POST /api/v1/agent/ucp/checkout": a key is
 * one per endpoint) and the fingerprint covers the path and query and the parsed JSON body
 * (canonically: key order and spacing do not matter). A replayed 201 is answered 200 (the resource
 * was created by the first request), with the first answer's headers and body byte for byte plus
 * Idempotency-Replayed: true. The procedure's own budget (a rate limit) is spent only by requests that
 * execute: a replay costs one key look-up.
 */
export async function serveIdempotently(
  ctx: KoaCtx,
  access: ProcedureAccess,
  scope: string,
  call: () => Promise<HttpAnswer>,
  earnedHeaders: () => Record<string, string>,
): Promise<void> {
  const refused = checkIdempotencyKeyHeader(ctx);
  if (refused) return writeHttpAnswer(ctx, refused);
  const answer = await answerIdempotently(ctx, access, { scope, body: ctx.state.body }, () =>
    answerOf(ctx, call, earnedHeaders),
  );
  writeHttpAnswer(ctx, answer.replayed && answer.status === 201 ? { ...answer, status: 200 } : answer);
}
