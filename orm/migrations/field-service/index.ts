import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261124000100_field_service } from './Migration20261124000100_field_service.ts';

export const fieldServiceMigrations: MigrationObject[] = [
  { name: 'Migration20261124000100_field_service', class: Migration20261124000100_field_service },
];
