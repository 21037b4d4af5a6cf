import type { EntitySchema } from '@mikro-orm/core';
import { IdempotencyKey } from './idempotency-key.ts';

export const agentEntities: EntitySchema[] = [IdempotencyKey];
