import { Migration } from '@mikro-orm/migrations';

/**
 * The event feed (GET /v1/events) reads one business's events in commit order, after a cursor:
 * `business_id = ? and (commit_txid, position) > (?, ?) order by commit_txid, position`, one index
 * range scan. The sweeper deletes published events older than 30 days oldest first, through the
 * second index (the unpublished ones have their own).
 */
export class Migration20270104000000_event_feed extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index outbox_events_feed_idx on outbox_events (business_id, commit_txid, position);');
    this.addSql(
      'create index outbox_events_retention_idx on outbox_events (created_at) where published_at is not null;',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists outbox_events_retention_idx;');
    this.addSql('drop index if exists outbox_events_feed_idx;');
  }
}
