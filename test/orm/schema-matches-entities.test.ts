import { expect } from 'chai';
import { openDatabase, type Database } from '../../orm/database.ts';
import { schemaDiff } from '../../orm/schema-diff.ts';
import { createIsolatedDatabase } from '../helpers/isolated-database.ts';
import { freshDataDir } from '../helpers/test-service.ts';

/*
 * The entities in orm/entities are the schema, described once; the checked-in migrations create the
 * database. This test proves the two agree: it migrates a database of its own, asks MikroORM's schema
 * generator what it would run to make that database match the entities, and expects nothing.
 *
 * Where MikroORM compares less than PostgreSQL knows, the comparison (orm/schema-diff.ts) is made
 * exact, and where MikroORM cannot express something, exactly that is left out:
 *
 * 1. Expressions are compared as PostgreSQL renders them. MikroORM compares a check constraint's or a
 *    generated column's expression as text (after stripping quotes, casts and parentheses), so
 *    `latitude between -90 and 90` would never equal the stored `(latitude >= '-90'::integer::double
 *    precision) AND ...`, and it compares an index with an expression (partial, GIN, `desc`,
 *    `collate`, opclass) by name only. So each entity check, generated column and index is created
 *    from the entity in a transaction that is rolled back, and PostgreSQL's rendering of it
 *    (pg_get_constraintdef, information_schema generation_expression, pg_get_indexdef) must equal the
 *    migrated one's. Where they are equal, the migrated expression's text is replaced by the entity's
 *    before MikroORM compares, so MikroORM sees no difference; where not, the report names both.
 *
 * 2. The tenant foreign keys `(business_id, <column>) references <table> (business_id, id)` are left out.
 *    MikroORM makes a foreign key only from a relation to the target's primary key (`id`), and the
 *    entities keep these references as plain uuids (the lean SQL reads and writes ids); the target
 *    key here is the unique (business_id, id), which no relation can point at. Those keys stay in
 *    Migration20261124000100_field_service, where `ref()` writes them all one way. Every other
 *    foreign key (one column, to a primary key) is a `mapToPk` many-to-one on its entity and compared,
 *    and the entity of every table the left-out keys reference must declare the (business_id, id) key.
 *
 * Not compared, because MikroORM has no notion of them and they are not part of a table's shape:
 * rate_limits being UNLOGGED (Migration20261127000000_rate_limits_unlogged), the pg_trgm and btree_gin extensions and
 * the directory_services_text function (without them the checks in 1 would fail to create the
 * trigram indexes and the directory's search column). The migrations table is MikroORM's own.
 */
describe('the MikroORM entities describe the migrated database', function () {
  this.timeout(120_000);

  let database: Database;
  let dropDatabase: (() => Promise<void>) | undefined;

  before(async () => {
    const serverUrl = process.env.DATABASE_URL;
    if (serverUrl) {
      const isolated = await createIsolatedDatabase(serverUrl);
      dropDatabase = isolated.drop;
      database = await openDatabase({ url: isolated.url, dataDir: freshDataDir(), poolMax: 2 });
    } else {
      database = await openDatabase({ url: undefined, dataDir: freshDataDir(), poolMax: 1 });
    }
  });

  after(async () => {
    await database?.close();
    await dropDatabase?.();
  });

  it('has an entity for every table the migrations create', async () => {
    const rows = await database.orm.em
      .fork()
      .getConnection()
      .execute<{ name: string }[]>(
        `select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'mikro_orm_migrations' order by 1`,
      );
    const described = new Set(Object.values(database.orm.getMetadata().getAll()).map((meta) => meta.tableName));
    expect(rows.map((row) => row.name).filter((name) => !described.has(name))).to.deep.equal([]);
  });

  it('the schema generator finds nothing to change', async () => {
    const { differences, sql } = await schemaDiff(database.orm);
    const report = [...differences, ...(sql ? [`MikroORM would run:\n${sql}`] : [])];
    expect(report, `the entities and the migrated database differ:\n\n${report.join('\n\n')}\n`).to.deep.equal([]);
  });
});
