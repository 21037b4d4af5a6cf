import type { Context } from '../../context.ts';
import type { CallOutcome, IdempotentCall } from './idempotent-call.ts';
import { refusalKeptForReplay } from './policy.ts';
import { runIdempotently } from './run-idempotently.ts';

/**
 * The idempotency middleware's part (core/trpc.ts) for a procedure with `rest.idempotent`: the key's
 * lifecycle (run-idempotently.ts) around `run` (the rest of the procedure), `skip` answering a
 * replay without running it. What it did goes on `ctx.response.idempotency` for the transport,
 * which keeps the transport's own answer bytes (IdempotentCall.answerOf).
 */
export async function runIdempotentProcedure<R extends CallOutcome>(
  ctx: Context,
  call: IdempotentCall,
  run: () => Promise<R>,
  skip: () => R,
): Promise<R> {
  const ran = await runIdempotently(
    ctx,
    call,
    () => {
      ctx.response.idempotency = { outcome: 'executed' };
      return run();
    },
    (result) =>
      result.ok
        ? call.answerOf({ ok: true, data: result.data })
        : refusalKeptForReplay(result.error)
          ? call.answerOf({ ok: false, error: result.error })
          : undefined,
  );
  if (ran.outcome === 'executed') return ran.result;
  if (ran.outcome === 'replayed') {
    ctx.response.idempotency = { outcome: 'replayed', answer: ran.answer };
    return skip();
  }
  ctx.response.idempotency = { outcome: 'refused' };
  throw ran.error;
}
