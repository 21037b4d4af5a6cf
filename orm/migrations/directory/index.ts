import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122120000_directory_listings } from './Migration20261122120000_directory_listings.ts';

export const directoryMigrations: MigrationObject[] = [
  { name: 'Migration20261122120000_directory_listings', class: Migration20261122120000_directory_listings },
];
