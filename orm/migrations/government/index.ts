import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261123000000_government_opportunities } from './Migration20261123000000_government_opportunities.ts';

export const governmentMigrations: MigrationObject[] = [
  { name: 'Migration20261123000000_government_opportunities', class: Migration20261123000000_government_opportunities },
];
