import { UnderscoreNamingStrategy } from '@mikro-orm/core';

/**
 * MikroORM's names, except that a foreign key is named as PostgreSQL names one that the migration
 * left unnamed (`<table>_<columns>_fkey`, not `_foreign`): the entities describe the migrated
 * database, so the schema comparison (test/orm/schema-matches-entities.test.ts) matches them by name.
 */
export class SchemaNamingStrategy extends UnderscoreNamingStrategy {
  override indexName(
    tableName: string,
    columns: string[],
    type: 'primary' | 'foreign' | 'unique' | 'index' | 'sequence' | 'check',
  ): string {
    if (type === 'foreign') return `${tableName.split('.').at(-1)}_${columns.join('_')}_fkey`;
    return super.indexName(tableName, columns, type);
  }
}
