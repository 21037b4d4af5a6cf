import type { ClaimOutcome } from './claim.ts';

/** An answer as a transport sends it, and as a key keeps it for replay. */
interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What a key keeps of an answer: its bytes, or (an A2A answer) the stored task it is, by id, rewritten from the task on replay. */
export type AnswerToKeep = KeptAnswer | (Omit<KeptAnswer, 'body'> & { taskId: string });

/** How a procedure call ended, as tRPC's middleware sees it. */
export type CallOutcome = { ok: true; data: unknown } | { ok: false; error: unknown };

/** A request as its Idempotency-Key sees it; its transport owns the key's header and syntax and the fingerprint. */
export interface KeyedRequest {
  /** The endpoint the key belongs to ("POST /api/v1/agent/ucp/checkout"): keys are per owner and endpoint. */
  scope: string;
  /** The request's Idempotency-Key, already checked; undefined when it carries none (it runs every time). */
  key: string | undefined;
  /**
   * The request's fingerprint (hex SHA-256). Asked for only when the key is claimed (after the
   * budgets); throws an AppError when the request cannot be fingerprinted, which is then the answer.
   */
  fingerprint: () => string;
}

/**
 * What a transport tells the idempotency middleware (core/trpc.ts) about a request to a procedure
 * with `rest.idempotent` (Context.idempotency): the request, and the bytes of its answers; the
 * middleware owns what happens to the key.
 */
export interface IdempotentCall extends KeyedRequest {
  /**
   * The answer the transport sends for the procedure's outcome, byte for byte; undefined when the
   * transport's own error handling answers it instead (a 5xx, anything unexpected): nothing is kept.
   */
  answerOf: (outcome: CallOutcome) => KeptAnswer | undefined;
}

/** The answer a key kept: its body, or (body null) the stored task its transport rebuilds it from. */
export type ReplayedAnswer = Omit<Extract<ClaimOutcome, { outcome: 'replay' }>, 'outcome'>;

/**
 * What the middleware did with the request (Context.response.idempotency), for its transport:
 * `executed` the procedure ran (what it threw is its answer); `replayed` it did not run, `answer`
 * is the first one's; `refused` the key's own check failed (reused for another request, still in
 * progress, the store unavailable): what the call threw is the answer, and nothing ran. No value:
 * the call was refused before the key was looked at (a budget).
 */
export type IdempotencyResult =
  { outcome: 'executed' } | { outcome: 'refused' } | { outcome: 'replayed'; answer: ReplayedAnswer };
