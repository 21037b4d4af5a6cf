import { randomUUID } from 'node:crypto';
import { AppError } from '../../errors/index.ts';
import type { AgentTask } from '../agent-tasks/agent-task.schema.ts';
import { taskFromRow } from '../agent-tasks/task-record.ts';
import type { SqlSource } from '../sql/query.ts';
import { claimIdempotencyKey, readIdempotencyKey, type KeyIdentity } from './idempotency-keys.query.ts';
import { IDEMPOTENCY_LEASE_SECONDS, IDEMPOTENCY_RETENTION_SECONDS, inProgressRetryAfterSeconds } from './policy.ts';

export interface ClaimRequest extends KeyIdentity {
  fingerprint: string;
}

/** What the request with this key does: run (holding the claim token), or answer the stored answer again. */
export type ClaimOutcome =
  | { outcome: 'execute'; claimToken: string; tookOver: boolean }
  /** The stored answer: its body, or (body null) the stored task its transport rebuilds it from. */
  | { outcome: 'replay'; status: number; headers: Record<string, string>; body: string | null; task: AgentTask | null };

// A claim that loses reads the row; the row can change in between (released, swept, expired), and
// then the claim tries again. Three rounds are plenty: each needs another request to act in between.
const CLAIM_ROUNDS = 3;

function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

/**
 * Decides what a request carrying an Idempotency-Key does. Keys are one per owner (the caller,
 * owner.ts) and endpoint: another caller's same key never reaches this caller's row. Exactly one
 * request executes per key and fingerprint (the claim is one atomic statement); the others replay its stored answer, or are
 * refused: 409 IDEMPOTENCY_KEY_REUSED when the key was used for a different request, 409
 * IDEMPOTENCY_REQUEST_IN_PROGRESS (with Retry-After) while the first is still running. A key whose
 * row expired, or whose first attempt's lease ran out without an answer, is free for the same request again.
 */
export async function claimKey(source: SqlSource, request: ClaimRequest, now: Date): Promise<ClaimOutcome> {
  for (let round = 0; round < CLAIM_ROUNDS; round++) {
    const claimToken = randomUUID();
    const claim = await claimIdempotencyKey(source, {
      ...request,
      claimToken,
      now,
      lockedUntil: addSeconds(now, IDEMPOTENCY_LEASE_SECONDS),
      expiresAt: addSeconds(now, IDEMPOTENCY_RETENTION_SECONDS),
    });
    if (claim.won) return { outcome: 'execute', claimToken, tookOver: claim.tookOver };

    const row = await readIdempotencyKey(source, request);
    // Gone, or free again, since the claim: released by a failed attempt, swept, or just expired.
    if (!row || row.expires_at <= now) continue;
    if (row.fingerprint !== request.fingerprint) {
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used with a different request (another method, path, or body) to this endpoint.',
      );
    }
    if (row.state === 'completed') {
      return {
        outcome: 'replay',
        status: row.response_status!,
        headers: row.response_headers ?? {},
        body: row.response_body,
        task: row.task ? taskFromRow(row.task) : null,
      };
    }
    const lockedUntil = row.locked_until!;
    if (lockedUntil <= now) continue;
    const retryAfter = inProgressRetryAfterSeconds(now, row.created_at, lockedUntil);
    throw new AppError(
      'IDEMPOTENCY_REQUEST_IN_PROGRESS',
      `The first request with this Idempotency-Key is still running; retry in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
      { headers: { 'Retry-After': String(retryAfter) } },
    );
  }
  // Only a key changing hands between every claim and read gets here: ask the client to come back.
  throw new AppError(
    'IDEMPOTENCY_REQUEST_IN_PROGRESS',
    'Another request with this Idempotency-Key is changing its state; retry in 1 second.',
    { headers: { 'Retry-After': '1' } },
  );
}
