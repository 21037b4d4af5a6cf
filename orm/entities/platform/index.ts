import type { EntitySchema } from '@mikro-orm/core';
import { RateLimit } from './rate-limit.ts';

export const platformEntities: EntitySchema[] = [RateLimit];
