import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery, type SqlSource } from '../sql/query.ts';
import type { TableActivity, UpkeepSettings } from './table-upkeep.ts';

interface ActivityRow extends TableActivity {
  settings: Record<keyof UpkeepSettings, string>;
}

/**
 * Every table of the service's schema with its size and activity counters, and autovacuum's
 * settings. Reads the catalogue only (pg_class, the statistics views): a few milliseconds.
 * A connection publishes its counters when idle, at most once a second: the forced flush makes the
 * embedded database's (one connection, every write) current; a server's others follow within a second.
 */
export async function readTableActivity(
  source: SqlSource,
): Promise<{ tables: TableActivity[]; settings: UpkeepSettings }> {
  await runQuery(source, { sql: 'select pg_stat_force_next_flush()', params: [] });
  const rows = await runQuery<ActivityRow>(source, {
    sql: `select c.relname as "table",
                 c.reltuples::float8 as reltuples,
                 c.relpages as relpages,
                 (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages,
                 coalesce(s.n_mod_since_analyze, 0)::float8 as modified,
                 coalesce(s.n_dead_tup, 0)::float8 as dead,
                 coalesce(s.n_ins_since_vacuum, 0)::float8 as inserted,
                 json_build_object(
                   'analyzeThreshold', current_setting('autovacuum_analyze_threshold'),
                   'analyzeScaleFactor', current_setting('autovacuum_analyze_scale_factor'),
                   'vacuumThreshold', current_setting('autovacuum_vacuum_threshold'),
                   'vacuumScaleFactor', current_setting('autovacuum_vacuum_scale_factor'),
                   'insertThreshold', current_setting('autovacuum_vacuum_insert_threshold'),
                   'insertScaleFactor', current_setting('autovacuum_vacuum_insert_scale_factor')
                 ) as settings
            from pg_class c
            join pg_namespace n on n.oid = c.relnamespace
            left join pg_stat_user_tables s on s.relid = c.oid
           where n.nspname = current_schema() and c.relkind = 'r'
           order by c.relname`,
    params: [],
  });
  const first = rows[0]?.settings;
  const settings = Object.fromEntries(
    Object.entries(first ?? {}).map(([name, value]) => [name, Number(value)]),
  ) as unknown as UpkeepSettings;
  return { tables: rows.map(({ settings: _settings, ...table }) => table), settings };
}

/**
 * VACUUM ANALYZE of one table. VACUUM cannot run in a transaction block: knex.raw runs it on a
 * pooled connection of its own. The name is quoted as an identifier by knex (`??`).
 */
export async function vacuumAnalyzeTable(em: EntityManager, table: string): Promise<void> {
  await em.getKnex().raw('vacuum (analyze) ??', [table]);
}
