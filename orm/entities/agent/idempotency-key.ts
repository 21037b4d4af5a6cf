import { defineEntity } from '@mikro-orm/core';
import { AgentTask } from './agent-task.ts';

/** The two states of a stored key: its first request still running, or its answer stored. */
const idempotencyKeyStates = ['in_progress', 'completed'] as const;

/**
 * One Idempotency-Key of one owner (the caller: its principal, or its client address key) at one
 * endpoint (`scope`, e.g. "POST /api/v1/agent/a2a"): the fingerprint of the request that first used
 * it and, once that request has answered, the answer to replay: its body, or the stored A2A task
 * it answered (`taskId`), from which a replay rebuilds it rather than keeping a second copy. While
 * the first request runs, `claimToken` names it and `lockedUntil` bounds its lease, so a process
 * that dies mid-request holds the key no longer than that. Rows live until `expiresAt` (24 hours
 * after the answer) and are then swept (hence the index). Read and written with SQL by
 * core/services/idempotency; the entity describes the table.
 */
export const IdempotencyKey = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_keys',
  indexes: [
    { name: 'idempotency_keys_expires_idx', properties: ['expiresAt'] },
    { name: 'idempotency_keys_task_idx', properties: ['taskId'] },
  ],
  checks: [
    {
      name: 'idempotency_keys_completed_check',
      expression:
        "state <> 'completed' or (response_status is not null and (response_body is null) <> (task_id is null))",
    },
    { name: 'idempotency_keys_lease_check', expression: "state <> 'in_progress' or locked_until is not null" },
  ],
  properties: (p) => ({
    /** Whose key it is (core/services/idempotency/owner.ts): another caller's same key is another key. */
    owner: p.string().length(200).primary(),
    scope: p.string().length(200).primary(),
    key: p.string().length(128).primary(),
    /** Hex SHA-256 of the request: method, path and query, the headers that matter, the canonical JSON body. */
    fingerprint: p.character().length(64),
    state: p.enum([...idempotencyKeyStates]).columnType('varchar(20)'),
    /** Which claim wrote the row: only that claim may complete or release it. */
    claimToken: p.uuid(),
    /** The in-flight lease; null once completed. */
    lockedUntil: p.datetime().nullable(),
    responseStatus: p.smallint().nullable(),
    responseHeaders: p.json<Record<string, string>>().nullable(),
    /** The answer's body, exactly as it was sent; null when the answer is a stored task (`taskId`). */
    responseBody: p.text().nullable(),
    /** The stored A2A task the answer wrote; its key goes with it. */
    taskId: p
      .manyToOne(AgentTask)
      .mapToPk()
      .fieldName('task_id')
      .nullable()
      .deleteRule('cascade')
      .updateRule('no action'),
    createdAt: p.datetime().defaultRaw('now()'),
    expiresAt: p.datetime(),
  }),
});
