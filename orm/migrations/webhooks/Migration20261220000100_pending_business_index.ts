import { Migration } from '@mikro-orm/migrations';

/**
 * The claim of due deliveries takes turns across businesses (issue 27): it visits the businesses
 * with something pending one index probe each, then each one's oldest due deliveries, through this
 * index, whatever the size of one business's backlog.
 */
export class Migration20261220000100_pending_business_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      "create index webhook_deliveries_pending_business_idx on webhook_deliveries (business_id, next_attempt_at) where state = 'pending';",
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists webhook_deliveries_pending_business_idx;');
  }
}
