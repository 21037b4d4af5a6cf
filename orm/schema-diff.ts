import { DatabaseSchema, type Knex, type MikroORM } from '@mikro-orm/postgresql';

export interface SchemaDiff {
  /** Entity checks, generated columns and indexes that PostgreSQL renders differently from the database's, and broken exceptions. */
  differences: string[];
  /** What MikroORM's schema generator would run to make the database match the entities; empty when they agree. */
  sql: string;
}

/**
 * Compares the entities (the schema, described once) with the database the ORM is connected to:
 * MikroORM's schema generator, made exact where it compares less than PostgreSQL knows, and without
 * the one thing the entities cannot express. test/orm/schema-matches-entities.test.ts holds the
 * migrated database to it and says why each adjustment is there; `npm run db:diff` prints it for a
 * new migration.
 *
 * - Checks, generated columns and indexes are compared as PostgreSQL renders them: each is created
 *   from the entity in a transaction that is rolled back and read back (pg_get_constraintdef,
 *   generation_expression, pg_get_indexdef). Where the renderings agree, the database's text is
 *   replaced by the entity's before MikroORM compares text.
 * - The tenant foreign keys `(business_id, x) references t (business_id, id)` are left out; the
 *   entity of each table they reference must declare that unique (business_id, id) key.
 */
export async function schemaDiff(orm: MikroORM): Promise<SchemaDiff> {
  const em = orm.em.fork();
  const fromSchema = await DatabaseSchema.create(em.getConnection(), em.getPlatform(), orm.config);
  const toSchema = orm.schema.getTargetSchema();

  const differences: string[] = [];
  for (const target of leaveOutTenantForeignKeys(fromSchema)) {
    const declared = toSchema
      .getTable(target)
      ?.getIndexes()
      .some((index) => index.unique && index.columnNames.join() === 'business_id,id');
    if (!declared)
      differences.push(`tenant foreign keys reference ${target} (business_id, id), a key its entity does not declare`);
  }
  differences.push(...(await compareThroughPostgres(orm.em.getKnex(), fromSchema, toSchema)));
  const sql = (await orm.schema.getUpdateSchemaSQL({ fromSchema, wrap: false })).trim();
  return { differences, sql };
}

/** Removes every `(business_id, x) references t (business_id, id)` foreign key; answers the tables they reference. */
function leaveOutTenantForeignKeys(schema: DatabaseSchema): string[] {
  const referenced = new Set<string>();
  for (const table of schema.getTables()) {
    const foreignKeys = table.getForeignKeys();
    for (const [name, key] of Object.entries(foreignKeys)) {
      const tenantKey =
        key.columnNames.length === 2 &&
        key.columnNames[0] === 'business_id' &&
        key.referencedColumnNames.join() === 'business_id,id';
      if (!tenantKey) continue;
      delete foreignKeys[name];
      referenced.add(key.referencedTableName.split('.').at(-1)!);
    }
  }
  return [...referenced];
}

/** Runs statements in a transaction that is always rolled back, then a query in it: PostgreSQL's view of a change never made. */
async function rendered(
  knex: Knex,
  statements: string[],
  query: string,
  bindings: readonly Knex.RawBinding[],
): Promise<string | undefined> {
  const rollback = new Error('rollback');
  let value: string | undefined;
  await knex
    .transaction(async (trx) => {
      // knex reads `?` as a placeholder; entity expressions are SQL text with no bindings.
      for (const statement of statements) await trx.raw(statement.replaceAll('?', '\\?'));
      const result = await trx.raw<{ rows: { value: string | null }[] }>(query, bindings);
      value = result.rows[0]?.value ?? undefined;
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  return value;
}

const quote = (name: string) => `"${name}"`;
const constraintDef =
  'select pg_get_constraintdef(oid) as value from pg_constraint where conname = ? and conrelid = ?::regclass';
const generationExpression =
  'select generation_expression as value from information_schema.columns where table_schema = current_schema() and table_name = ? and column_name = ?';
const indexDef = 'select pg_get_indexdef(to_regclass(?)) as value';

/** Checks, generated columns and indexes of the entities, rendered by PostgreSQL beside the database's. */
async function compareThroughPostgres(
  knex: Knex,
  fromSchema: DatabaseSchema,
  toSchema: DatabaseSchema,
): Promise<string[]> {
  const differences: string[] = [];
  for (const entityTable of toSchema.getTables()) {
    const table = entityTable.name;
    const databaseTable = fromSchema.getTable(table);
    if (!databaseTable) continue; // a table the database lacks: MikroORM's SQL creates it

    for (const check of entityTable.getChecks()) {
      const existing = databaseTable.getChecks().find((candidate) => candidate.name === check.name);
      if (!existing || typeof check.expression !== 'string') continue; // added or removed: MikroORM's SQL says so
      const expected = await rendered(knex, [], constraintDef, [check.name, table]);
      const recreate = [
        `alter table ${quote(table)} drop constraint ${quote(check.name)}`,
        `alter table ${quote(table)} add constraint ${quote(check.name)} check (${check.expression})`,
      ];
      const actual = await rendered(knex, recreate, constraintDef, [check.name, table]);
      if (actual === expected) existing.expression = check.expression;
      else differences.push(`check ${table}.${check.name}: database ${expected}, entity ${actual}`);
    }

    for (const column of entityTable.getColumns()) {
      const generated = column.generated;
      if (!generated || generated.endsWith('identity')) continue; // identity columns: MikroORM compares them as they are
      const existing = databaseTable.getColumn(column.name);
      if (!existing?.generated) continue; // a plain column in the database: MikroORM's SQL says so
      const expected = await rendered(knex, [], generationExpression, [table, column.name]);
      const recreate = [
        `alter table ${quote(table)} drop column ${quote(column.name)} cascade`,
        `alter table ${quote(table)} add column ${quote(column.name)} ${column.type} generated always as ${generated}`,
      ];
      const actual = await rendered(knex, recreate, generationExpression, [table, column.name]);
      if (actual === expected) existing.generated = generated;
      else differences.push(`generated column ${table}.${column.name}: database ${expected}, entity ${actual}`);
    }

    for (const index of entityTable.getIndexes()) {
      if (index.primary || index.constraint) continue; // keys and unique constraints: MikroORM compares their columns
      if (!databaseTable.hasIndex(index.keyName)) continue; // an added index: MikroORM's SQL creates it
      const create =
        typeof index.expression === 'string'
          ? index.expression
          : `create ${index.unique ? 'unique ' : ''}index ${quote(index.keyName)} on ${quote(table)} (${index.columnNames.map(quote).join(', ')})`;
      const expected = await rendered(knex, [], indexDef, [quote(index.keyName)]);
      const actual = await rendered(knex, [`drop index ${quote(index.keyName)}`, create], indexDef, [
        quote(index.keyName),
      ]);
      if (actual !== expected)
        differences.push(`index ${table}.${index.keyName}: database ${expected}, entity ${actual}`);
    }
  }
  return differences;
}
