import { Migration } from '@mikro-orm/migrations';

/**
 * Workspace API tokens may carry an expiry (`create-api-token --expires-in 90d`). Null means the
 * token lasts until it is revoked, which is what every token created before this migration keeps.
 */
export class Migration20261128000200_api_token_expiry extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table api_tokens add column expires_at timestamptz;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table api_tokens drop column if exists expires_at;');
  }
}
