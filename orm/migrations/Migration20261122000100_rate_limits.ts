import { Migration } from '@mikro-orm/migrations';

/** The shared counter table of rate-limiter-flexible's PostgreSQL store (its own column layout). */
export class Migration20261122000100_rate_limits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists rate_limits (
      key varchar(255) primary key,
      points integer not null default 0,
      expire bigint
    );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists rate_limits;');
  }
}
