import { Migration } from '@mikro-orm/migrations';

/**
 * A visit lasts at most 14 days (`visits_length_check`), the rule every write already applies
 * (checkScheduleWindow). The database holding it lets a calendar read bound its index range on
 * both sides: a visit overlapping [from, to) starts after from - 14 days, so the schedule of a week
 * reads that week's visits, not every visit that started before its end.
 */
export class Migration20270124000000_visit_length extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      "alter table visits add constraint visits_length_check check (scheduled_end <= scheduled_start + interval '14 days');",
    );
  }

  override async down(): Promise<void> {
    this.addSql('alter table visits drop constraint if exists visits_length_check;');
  }
}
