import type { EntitySchema } from '@mikro-orm/core';

export const directoryEntities: EntitySchema[] = [];
