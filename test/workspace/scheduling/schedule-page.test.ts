import { expect } from 'chai';
import { SCHEDULE_PAGE_VISITS } from '../../../core/services/workspace/scheduling/schedule-page.ts';
import { sql } from '../../helpers/sql.ts';
import { fixedClock, tenantCaller } from '../../helpers/workspace.ts';
import { local, SchedulingFixtures } from './fixtures.ts';

/**
 * A schedule page's size in visits (SCHEDULE_PAGE_VISITS) and the assignments' copies of their
 * visit's window and status that the page and the calendar reads use (visit_assignments_member_start_idx,
 * kept by the database's triggers). Business in America/Chicago; the week of Mon 2026-11-02.
 */
describe('scheduling: get-schedule pages by visits, not members alone', function () {
  this.timeout(60_000);

  let f: SchedulingFixtures;
  let jobId: string;
  const members: Record<string, string> = {};

  /** `count` half-hour visits of one member from Monday 08:00 local, one every 15 minutes (they overlap). */
  async function visitsOf(member: string, count: number, status = 'scheduled') {
    const batch = `${member}:${status}`;
    await sql(
      `insert into visits (id, business_id, job_id, scheduled_start, scheduled_end, status, notes)
       select gen_random_uuid(), ?, ?, ?::timestamptz + n * interval '15 minutes',
              ?::timestamptz + n * interval '15 minutes' + interval '30 minutes', ?, ?
         from generate_series(0, ? - 1) as n`,
      [f.id, jobId, local('2026-11-02T08:00'), local('2026-11-02T08:00'), status, batch, count],
    );
    // No copies supplied: the database takes them from the visit.
    await sql(
      `insert into visit_assignments (business_id, visit_id, team_member_id)
       select business_id, id, ? from visits where business_id = ? and notes = ?`,
      [member, f.id, batch],
    );
  }

  const page = (input: Record<string, unknown> = {}) =>
    tenantCaller(f.id).workspace.scheduling.getSchedule({
      date_from: '2026-11-02',
      date_to: '2026-11-08',
      ...input,
    } as never);
  // Distinct visits: one that crosses midnight is listed on both days.
  const visitCount = (item: { days: Array<{ visits: Array<{ id: string }> }> }) =>
    new Set(item.days.flatMap((day) => day.visits.map((visit) => visit.id))).size;

  before(async () => {
    f = await SchedulingFixtures.create();
    for (const name of ['Ann', 'Ben', 'Cy', 'Dee', 'Eve']) members[name] = (await f.member(name)).id;
    jobId = (await f.job((await f.customer('Dana Diaz')).id, 'Furnace repair')).id;
    await visitsOf(members.Ann!, SCHEDULE_PAGE_VISITS + 20);
    await visitsOf(members.Ben!, 250);
    await visitsOf(members.Ben!, 100, 'cancelled');
    await visitsOf(members.Cy!, 240);
    await visitsOf(members.Eve!, 20);
  });

  it('ends a page before the member whose visits would pass the budget; a member over it alone has a page', async () => {
    expect(SCHEDULE_PAGE_VISITS).to.equal(500);
    const first = await page();
    expect(first.items.map((item) => item.team_member.name)).to.deep.equal(['Ann']);
    expect(visitCount(first.items[0]!)).to.equal(520);
    expect(first.next_cursor).to.be.a('string');

    // Ben's cancelled visits count for nothing; Dee has none; Eve's 20 would make 510.
    const second = await page({ cursor: first.next_cursor });
    expect(second.items.map((item) => item.team_member.name)).to.deep.equal(['Ben', 'Cy', 'Dee']);
    expect(second.items.map(visitCount)).to.deep.equal([250, 240, 0]);
    expect(second.next_cursor).to.be.a('string');

    const third = await page({ cursor: second.next_cursor });
    expect(third.items.map((item) => item.team_member.name)).to.deep.equal(['Eve']);
    expect(third.next_cursor).to.equal(null);
  });

  it('still ends a page at `limit` members, and one member asked for by id comes whatever its visits', async () => {
    const second = await page({ cursor: (await page()).next_cursor, limit: 2 });
    expect(second.items.map((item) => item.team_member.name)).to.deep.equal(['Ben', 'Cy']);
    const rest = await page({ cursor: second.next_cursor, limit: 2 });
    expect(rest.items.map((item) => item.team_member.name)).to.deep.equal(['Dee', 'Eve']);
    expect(rest.next_cursor).to.equal(null);

    const ann = await page({ team_member_id: members.Ann });
    expect(ann.items.map(visitCount)).to.deep.equal([520]);
    expect(ann.next_cursor).to.equal(null);
  });

  it("counts only the range's visits: one day of everyone's fits in one page", async () => {
    const tuesday = await page({ date_from: '2026-11-03', date_to: '2026-11-03' });
    expect(tuesday.items.map((item) => item.team_member.name)).to.deep.equal(['Ann', 'Ben', 'Cy', 'Dee', 'Eve']);
    expect(tuesday.next_cursor).to.equal(null);
  });
});

describe("scheduling: an assignment's copy of its visit's window and status", function () {
  this.timeout(60_000);

  it('is taken from the visit at insert, follows a reschedule and a cancellation, and refuses a missing visit', async () => {
    const f = await SchedulingFixtures.create();
    const member = (await f.member('Rita Reyes')).id;
    const job = await f.job((await f.customer('Sam Stone')).id, 'Boiler service');
    const visit = await f.visit(job.id, local('2026-12-07T09:00'), local('2026-12-07T10:00'));
    // The writer's copies are wrong on purpose: the database replaces them with the visit's.
    await sql(
      `insert into visit_assignments (business_id, visit_id, team_member_id, visit_start, visit_end, visit_status)
       values (?, ?, ?, '2000-01-01T00:00:00Z', '2000-01-01T01:00:00Z', 'cancelled')`,
      [f.id, visit.id, member],
    );
    const copies = async () =>
      (
        await sql<{ visit_start: Date; visit_end: Date; visit_status: string }>(
          'select visit_start, visit_end, visit_status from visit_assignments where business_id = ? and visit_id = ?',
          [f.id, visit.id],
        )
      ).map((row) => ({
        start: new Date(row.visit_start).toISOString(),
        end: new Date(row.visit_end).toISOString(),
        status: row.visit_status,
      }));
    expect(await copies()).to.deep.equal([
      {
        start: local('2026-12-07T09:00').toISOString(),
        end: local('2026-12-07T10:00').toISOString(),
        status: 'scheduled',
      },
    ]);

    const caller = tenantCaller(f.id, { clock: fixedClock('2026-12-01T12:00:00Z') });
    const day = (date: string) =>
      caller.workspace.scheduling
        .getSchedule({ date_from: date, date_to: date, team_member_id: member } as never)
        .then((schedule) => schedule.items[0]!.days[0]!.visits.map((entry) => entry.id));
    expect(await day('2026-12-07')).to.deep.equal([visit.id]);

    await caller.workspace.scheduling.updateVisit({
      visit_id: visit.id,
      schedule: { start: local('2026-12-08T13:00').toISOString(), end: local('2026-12-08T15:00').toISOString() },
    } as never);
    expect(await copies()).to.deep.equal([
      {
        start: local('2026-12-08T13:00').toISOString(),
        end: local('2026-12-08T15:00').toISOString(),
        status: 'scheduled',
      },
    ]);
    expect(await day('2026-12-07')).to.deep.equal([]);
    expect(await day('2026-12-08')).to.deep.equal([visit.id]);

    await caller.workspace.scheduling.changeVisitStatus({ visit_id: visit.id, status: 'cancelled' });
    expect((await copies())[0]!.status).to.equal('cancelled');
    expect(await day('2026-12-08')).to.deep.equal([]);

    const other = await SchedulingFixtures.create();
    let refused: unknown;
    try {
      // The visit exists, but in another business: the assignment's key names a visit that is not there.
      await sql('insert into visit_assignments (business_id, visit_id, team_member_id) values (?, ?, ?)', [
        other.id,
        visit.id,
        member,
      ]);
    } catch (error) {
      refused = error;
    }
    expect(String(refused)).to.contain(`visit ${visit.id} does not exist in business ${other.id}`);
    expect((refused as { code?: string }).code).to.equal('23503');
  });
});
