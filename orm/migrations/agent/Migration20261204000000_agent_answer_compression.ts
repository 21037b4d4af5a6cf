import { Migration } from '@mikro-orm/migrations';

/**
 * The columns that hold a whole answer (a task's `history` and `artifacts`, a stored
 * Idempotency-Key answer) are compressed with lz4 instead of the default pglz: every A2A
 * message/send writes a skill's whole answer (13 KB for a directory page) before it answers, and
 * pglz compressing it was about a third of that INSERT on PostgreSQL (bench/a2a: 0.29 ms at p50
 * against 0.19 ms with lz4). A server built without lz4, and the embedded database (PGlite has
 * none), store them uncompressed instead (`storage external`: 0.20 ms on PostgreSQL; on PGlite 0.36
 * against 0.43 ms with pglz), about 2.5 times the bytes for rows that live 7 days and 24 hours.
 * Storage only: the text read back is the same.
 */
export class Migration20261204000000_agent_answer_compression extends Migration {
  override async up(): Promise<void> {
    this.addSql(`do $$
begin
  alter table agent_tasks alter column history set compression lz4, alter column artifacts set compression lz4;
  alter table idempotency_keys alter column response_body set compression lz4;
exception when feature_not_supported then
  alter table agent_tasks alter column history set storage external, alter column artifacts set storage external;
  alter table idempotency_keys alter column response_body set storage external;
end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table agent_tasks
      alter column history set compression default, alter column artifacts set compression default,
      alter column history set storage extended, alter column artifacts set storage extended;`);
    this.addSql(`alter table idempotency_keys
      alter column response_body set compression default, alter column response_body set storage extended;`);
  }
}
