import { Migration } from '@mikro-orm/migrations';

/**
 * Recovery, resend and a delivery log that shows what was sent (issue 33):
 * - `webhook_attempts.request_headers`: the headers each attempt sent (the Standard Webhooks
 *   `webhook-*` headers, content-type and user-agent; never a credential), null for an attempt that
 *   posted nothing;
 * - the failed deliveries of an endpoint by time, partial (failed rows are few): what recover walks
 *   and what the log's `state=failed` filter reads;
 * - an endpoint's deliveries by event type, newest first: the log's `event_type` filter.
 */
export class Migration20270102000000_delivery_log_and_recovery extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table webhook_attempts add column request_headers json;');
    this.addSql(
      "create index webhook_deliveries_failed_idx on webhook_deliveries (endpoint_id, created_at, id) where state = 'failed';",
    );
    this.addSql(
      'create index webhook_deliveries_endpoint_type_idx on webhook_deliveries (endpoint_id, event_type, created_at, id);',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists webhook_deliveries_endpoint_type_idx;');
    this.addSql('drop index if exists webhook_deliveries_failed_idx;');
    this.addSql('alter table webhook_attempts drop column if exists request_headers;');
  }
}
