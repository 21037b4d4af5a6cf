import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000_extensions } from './Migration20261122000000_extensions.ts';

/**
 * Every migration, in order. Listed explicitly (not globbed) so they load the same way under
 * tsx, in tests and in scripts. Add a new migration here when you create its file.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122000000_extensions', class: Migration20261122000000_extensions },
];
