import { Migration } from '@mikro-orm/migrations';

/**
 * The rate-limit counters skip the write-ahead log. They are worth nothing after a crash (crash
 * recovery empties an unlogged table, which only resets every budget) and are never read from a
 * standby, while every counted request writes one: without WAL that write is cheaper for the
 * database the public reads share (bench/public-api, opportunity list).
 */
export class Migration20261127000000_rate_limits_unlogged extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table rate_limits set unlogged;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table rate_limits set logged;');
  }
}
