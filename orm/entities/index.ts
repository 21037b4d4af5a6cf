import type { EntitySchema } from '@mikro-orm/core';

/** Every entity, registered explicitly. */
export const entities: EntitySchema[] = [];
