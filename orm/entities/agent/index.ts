import type { EntitySchema } from '@mikro-orm/core';
import { A2aPushConfig } from './a2a-push-config.ts';
import { AgentTask } from './agent-task.ts';
import { AgentTaskEvent } from './agent-task-event.ts';
import { A2aCardSignature } from './card-signature.ts';
import { IdempotencyKey } from './idempotency-key.ts';

export const agentEntities: EntitySchema[] = [
  IdempotencyKey,
  AgentTask,
  AgentTaskEvent,
  A2aCardSignature,
  A2aPushConfig,
];
