import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122010000_blog } from './Migration20261122010000_blog.ts';
import { Migration20270113000000_blog_post_sources } from './Migration20270113000000_blog_post_sources.ts';

export const blogMigrations: MigrationObject[] = [
  { name: 'Migration20261122010000_blog', class: Migration20261122010000_blog },
  { name: 'Migration20270113000000_blog_post_sources', class: Migration20270113000000_blog_post_sources },
];
