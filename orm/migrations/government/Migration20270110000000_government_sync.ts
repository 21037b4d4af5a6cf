import { Migration } from '@mikro-orm/migrations';

/**
 * The SAM.gov sync's state (one row per source, 'sam'): the lease that keeps it to one instance,
 * the run in progress (its windows, the window and offset of the next page: a crashed run resumes
 * there), the watermark, the last run's outcome and counts, the last error (redacted), and the
 * requests used on the current UTC day. And the notices the sync has seen: the run that saw each
 * last (a complete pass deactivates what it did not see) and its description link.
 */
export class Migration20270110000000_government_sync extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table government_sync_state (
      source varchar(16) primary key,
      lease_holder uuid,
      lease_until timestamptz,
      run_id uuid,
      run_started_at timestamptz,
      run_windows jsonb,
      run_window integer not null default 0,
      run_offset integer not null default 0,
      run_total integer,
      run_phase varchar(16),
      run_counts jsonb,
      watermark varchar(10),
      last_run_started_at timestamptz,
      last_run_finished_at timestamptz,
      last_run_outcome varchar(16),
      last_run_counts jsonb,
      last_success_at timestamptz,
      last_error text,
      last_error_at timestamptz,
      budget_day varchar(10),
      budget_used integer not null default 0,
      failures integer not null default 0
    );`);
    this.addSql(`create table government_sync_notices (
      notice_id varchar(64) primary key,
      run_id uuid not null,
      description_url text,
      description_tried_at timestamptz
    );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists government_sync_notices;');
    this.addSql('drop table if exists government_sync_state;');
  }
}
