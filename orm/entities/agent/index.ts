import type { EntitySchema } from '@mikro-orm/core';
import { AgentTask } from './agent-task.ts';

export const agentEntities: EntitySchema[] = [AgentTask];
