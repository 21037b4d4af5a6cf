import { Migration } from '@mikro-orm/migrations';

/**
 * A team member's calendar read from one index range. A visit may have several assignees, so no
 * index of `visits` can order a member's visits by time: the schedule and the available slots read
 * every visit of the business in the range and kept the members' (21,000 rows for one week at the
 * scale dataset). Each assignment now carries a copy of its visit's window and status, and
 * `visit_assignments_member_start_idx` orders a member's open visits by start.
 *
 * The database keeps the copies, so no writer can forget them: a BEFORE INSERT trigger takes them
 * from the visit (whatever the writer supplied), and an AFTER UPDATE trigger on `visits` passes a
 * new window or status on to the visit's assignments.
 */
export class Migration20270127000000_visit_assignment_window extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table visit_assignments
      add column visit_start timestamptz, add column visit_end timestamptz, add column visit_status varchar(20);`);
    this.addSql(`update visit_assignments va
      set visit_start = v.scheduled_start, visit_end = v.scheduled_end, visit_status = v.status
      from visits v where v.business_id = va.business_id and v.id = va.visit_id;`);
    this.addSql(`alter table visit_assignments
      alter column visit_start set not null, alter column visit_end set not null, alter column visit_status set not null,
      add constraint visit_assignments_visit_status_check
        check (visit_status in ('scheduled', 'en_route', 'in_progress', 'completed', 'cancelled'));`);

    this.addSql(`create function fsa_visit_assignment_window() returns trigger language plpgsql as $$
      begin
        select v.scheduled_start, v.scheduled_end, v.status into new.visit_start, new.visit_end, new.visit_status
          from visits v where v.business_id = new.business_id and v.id = new.visit_id;
        if not found then
          raise foreign_key_violation using message = format('visit %s does not exist in business %s', new.visit_id, new.business_id);
        end if;
        return new;
      end $$;`);
    this.addSql(`create trigger visit_assignments_window before insert or update of business_id, visit_id
      on visit_assignments for each row execute function fsa_visit_assignment_window();`);

    this.addSql(`create function fsa_visit_window_to_assignments() returns trigger language plpgsql as $$
      begin
        update visit_assignments set visit_start = new.scheduled_start, visit_end = new.scheduled_end, visit_status = new.status
          where business_id = new.business_id and visit_id = new.id;
        return null;
      end $$;`);
    this.addSql(`create trigger visits_window_to_assignments after update of scheduled_start, scheduled_end, status
      on visits for each row
      when (old.scheduled_start is distinct from new.scheduled_start or old.scheduled_end is distinct from new.scheduled_end
        or old.status is distinct from new.status)
      execute function fsa_visit_window_to_assignments();`);

    this.addSql(`create index visit_assignments_member_start_idx on visit_assignments
      (business_id, team_member_id, visit_start) include (visit_end, visit_id) where visit_status <> 'cancelled';`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists visit_assignments_member_start_idx;');
    this.addSql('drop trigger if exists visits_window_to_assignments on visits;');
    this.addSql('drop function if exists fsa_visit_window_to_assignments();');
    this.addSql('drop trigger if exists visit_assignments_window on visit_assignments;');
    this.addSql('drop function if exists fsa_visit_assignment_window();');
    this.addSql(`alter table visit_assignments
      drop column if exists visit_start, drop column if exists visit_end, drop column if exists visit_status;`);
  }
}
