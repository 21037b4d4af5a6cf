import { Migration } from '@mikro-orm/migrations';

/**
 * Operational events and the per-endpoint delivery rate (issue 33).
 *
 * - `failure_announced_at`, `disable_warned_at`, `disabled_announced_at` (endpoints) and
 *   `exhausted_announced_at` (deliveries) stamp what was announced: the recorder's conditional UPDATE
 *   sets each stamp and emits its event in one step, so several workers announce an occurrence once.
 * - `max_per_second` caps the attempts the workers claim per second for an endpoint; `rate_slot` and
 *   `rate_counts` hold its last second of claims in 100 ms slots (index 1: `rate_slot`, the newest),
 *   written by the claim under the endpoint row's lock, so every worker process shares one count.
 */
export class Migration20270103000000_operational_events_and_rate extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table webhook_endpoints
      add column failure_announced_at timestamptz,
      add column disable_warned_at timestamptz,
      add column disabled_announced_at timestamptz,
      add column max_per_second integer,
      add column rate_slot bigint,
      add column rate_counts integer[],
      add constraint webhook_endpoints_max_per_second_check check (max_per_second between 1 and 1000);`);
    this.addSql('alter table webhook_deliveries add column exhausted_announced_at timestamptz;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table webhook_deliveries drop column if exists exhausted_announced_at;');
    this.addSql(`alter table webhook_endpoints
      drop constraint if exists webhook_endpoints_max_per_second_check,
      drop column if exists failure_announced_at, drop column if exists disable_warned_at,
      drop column if exists disabled_announced_at, drop column if exists max_per_second,
      drop column if exists rate_slot, drop column if exists rate_counts;`);
  }
}
