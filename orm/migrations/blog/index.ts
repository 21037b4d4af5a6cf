import type { MigrationObject } from '@mikro-orm/core';

export const blogMigrations: MigrationObject[] = [];
