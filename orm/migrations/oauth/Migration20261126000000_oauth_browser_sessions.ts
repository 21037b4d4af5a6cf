import { Migration } from '@mikro-orm/migrations';

/**
 * Signed-in browser sessions of the authorization endpoint's login page. The cookie holds a random
 * 256-bit secret; the table keeps only its SHA-256, so a copy of the database signs nobody in.
 * Sessions end at `expires_at` (absolute, about 12 hours after sign-in).
 */
export class Migration20261126000000_oauth_browser_sessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table oauth_browser_sessions (
      id_hash char(64) primary key,
      user_id uuid not null references users (id) on delete cascade,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    );`);
    this.addSql(`create index oauth_browser_sessions_user_idx on oauth_browser_sessions (user_id);`);
    // Expired rows are deleted at each sign-in; the index keeps that delete cheap.
    this.addSql(`create index oauth_browser_sessions_expires_idx on oauth_browser_sessions (expires_at);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists oauth_browser_sessions;');
  }
}
