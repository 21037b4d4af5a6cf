import type { EntitySchema } from '@mikro-orm/core';

export const governmentEntities: EntitySchema[] = [];
