import { defineEntity } from '@mikro-orm/core';

/** The two states of a stored key: its first request still running, or its answer stored. */
const idempotencyKeyStates = ['in_progress', 'completed'] as const;

/**
 * One Idempotency-Key of one endpoint (`scope`, e.g. "POST /api/v1/agent/a2a"): the fingerprint of
 * the request that first used it and, once that request has answered, the answer to replay. While
 * the first request runs, `claimToken` names it and `lockedUntil` bounds its lease, so a process
 * that dies mid-request holds the key no longer than that. Rows live until `expiresAt` (24 hours
 * after the answer) and are then swept (hence the index). Read and written with SQL by
 * core/services/idempotency; the entity describes the table.
 */
export const IdempotencyKey = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_keys',
  indexes: [{ name: 'idempotency_keys_expires_idx', properties: ['expiresAt'] }],
  checks: [
    {
      name: 'idempotency_keys_completed_check',
      expression: "state <> 'completed' or (response_status is not null and response_body is not null)",
    },
    { name: 'idempotency_keys_lease_check', expression: "state <> 'in_progress' or locked_until is not null" },
  ],
  properties: (p) => ({
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
    /** The answer's body, exactly as it was sent. */
    responseBody: p.text().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    expiresAt: p.datetime(),
  }),
});
