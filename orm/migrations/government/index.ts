import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261123000000_government_opportunities } from './Migration20261123000000_government_opportunities.ts';
import { Migration20270110000000_government_sync } from './Migration20270110000000_government_sync.ts';
import { Migration20270125000000_government_list_cover } from './Migration20270125000000_government_list_cover.ts';

export const governmentMigrations: MigrationObject[] = [
  { name: 'Migration20261123000000_government_opportunities', class: Migration20261123000000_government_opportunities },
  { name: 'Migration20270110000000_government_sync', class: Migration20270110000000_government_sync },
  { name: 'Migration20270125000000_government_list_cover', class: Migration20270125000000_government_list_cover },
];
