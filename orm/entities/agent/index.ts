import type { EntitySchema } from '@mikro-orm/core';
import { AgentTask } from './agent-task.ts';
import { AgentTaskEvent } from './agent-task-event.ts';
import { IdempotencyKey } from './idempotency-key.ts';

export const agentEntities: EntitySchema[] = [IdempotencyKey, AgentTask, AgentTaskEvent];
