import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery, type SqlSource } from '../sql/query.ts';
import type { WalState } from './wal-checkpoint.ts';

/** The WAL since the last checkpoint and the checkpointer's settings: pg_controldata's view, a millisecond. */
export async function readWalState(source: SqlSource): Promise<WalState> {
  const [row] = await runQuery<WalState>(source, {
    sql: `select (pg_current_wal_lsn() - c.redo_lsn)::float8 as "walBytes",
                 greatest(0, extract(epoch from now() - c.checkpoint_time))::float8 as "secondsSince",
                 pg_size_bytes(current_setting('max_wal_size'))::float8 as "maxWalBytes",
                 current_setting('checkpoint_completion_target')::float8 as "completionTarget",
                 (select setting::float8 from pg_settings where name = 'checkpoint_timeout') as "timeoutSeconds",
                 pg_size_bytes(current_setting('wal_segment_size'))::float8 as "segmentBytes"
            from pg_control_checkpoint() c`,
    params: [],
  });
  return row!;
}

/** CHECKPOINT (superuser or pg_checkpoint: the embedded database's user is one; a server's service role is not). */
export async function checkpoint(em: EntityManager): Promise<void> {
  await em.getKnex().raw('checkpoint');
}
