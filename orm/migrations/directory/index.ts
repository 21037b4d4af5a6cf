import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122120000_directory_listings } from './Migration20261122120000_directory_listings.ts';
import { Migration20270111000000_directory_external_id } from './Migration20270111000000_directory_external_id.ts';
import { Migration20270112000000_directory_claims } from './Migration20270112000000_directory_claims.ts';
import { Migration20270126000000_directory_place_search } from './Migration20270126000000_directory_place_search.ts';
import { Migration20270126000100_directory_sort_cover } from './Migration20270126000100_directory_sort_cover.ts';
import { Migration20270126000200_list_indexes_swap } from './Migration20270126000200_list_indexes_swap.ts';

export const directoryMigrations: MigrationObject[] = [
  { name: 'Migration20261122120000_directory_listings', class: Migration20261122120000_directory_listings },
  { name: 'Migration20270111000000_directory_external_id', class: Migration20270111000000_directory_external_id },
  { name: 'Migration20270112000000_directory_claims', class: Migration20270112000000_directory_claims },
  { name: 'Migration20270126000000_directory_place_search', class: Migration20270126000000_directory_place_search },
  { name: 'Migration20270126000100_directory_sort_cover', class: Migration20270126000100_directory_sort_cover },
  // Government's and the directory's: it runs after the builds of both areas.
  { name: 'Migration20270126000200_list_indexes_swap', class: Migration20270126000200_list_indexes_swap },
];
