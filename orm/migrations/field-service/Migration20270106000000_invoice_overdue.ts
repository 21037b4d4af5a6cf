import { Migration } from '@mikro-orm/migrations';

/**
 * `invoices.overdue_at`: when the periodic check found the invoice past due and queued its one
 * invoice.overdue event; the check's conditional UPDATE (`where overdue_at is null`) decides once
 * per invoice. The partial index holds only what the check still has to look at.
 *
 * Invoices already past due when this runs are marked without an event: their receivers would
 * otherwise get every old overdue invoice at once, long after the fact.
 */
export class Migration20270106000000_invoice_overdue extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table invoices add column overdue_at timestamptz null;');
    this.addSql(`update invoices i set overdue_at = now()
      from businesses b
      where b.id = i.business_id and i.status = 'open' and i.due_on < (now() at time zone b.time_zone)::date;`);
    this.addSql(
      "create index invoices_overdue_check_idx on invoices (due_on, business_id, id) where status = 'open' and overdue_at is null;",
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists invoices_overdue_check_idx;');
    this.addSql('alter table invoices drop column overdue_at;');
  }
}
