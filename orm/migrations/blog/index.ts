import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122010000_blog } from './Migration20261122010000_blog.ts';

export const blogMigrations: MigrationObject[] = [
  { name: 'Migration20261122010000_blog', class: Migration20261122010000_blog },
];
