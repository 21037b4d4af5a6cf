import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { expectAppError, tenantCaller } from '../../helpers/workspace.ts';
import { local, SchedulingFixtures, weekdays } from './fixtures.ts';

/**
 * Business in America/Chicago; Mon 2026-11-02 and Tue 2026-11-03 are CST (UTC-6).
 *
 * Alice Adams, Mon-Fri 08:00-17:00 (540 working minutes a day). Tuesday:
 *   V1 10:00-11:30, V2 11:00-12:00 (overlaps V1), V3 16:30-17:30 (half after hours), V4 13:00-14:00 CANCELLED;
 *   approved time off 15:00-17:00, requested time off 14:00-14:30.
 *   Visits merged: 10:00-12:00 and 16:30-17:30 -> booked inside hours 120 + 30 = 150, outside hours 30.
 *   Time off inside hours: 120 (the requested one counts for nothing).
 *   Blocked: 10:00-12:00 and 15:00-17:30 -> 240 inside hours -> available 540 - 240 = 300
 *   (= free 08:00-10:00 and 12:00-15:00).
 * Bob Brown, Mon-Fri 08:00-12:00 and 13:00-17:00 (480 a day); approved time off from Mon 10:00
 *   to Wed 00:00, and a visit Tue 09:00-10:00 during it.
 *   Monday: time off inside hours 10:00-12:00 + 13:00-17:00 = 360 -> available 120.
 *   Tuesday: time off 480, booked 60 -> available 0 (never negative).
 * Carl Cole is inactive; Nora North works only Sundays 00:00-06:00.
 */
/** The one job all of Alice's visits belong to, set in before(). */
let jobOf = { id: '', number: 0, customerId: '' };

describe('scheduling: get-schedule', () => {
  let f: SchedulingFixtures;
  let other: SchedulingFixtures;
  let alice: string;
  let bob: string;
  let carl: string;
  let nora: string;
  let foreignMember: string;
  const ids: Record<string, string> = {};
  const call = (input: Record<string, unknown>) => tenantCaller(f.id).workspace.scheduling.getSchedule(input as never);

  before(async () => {
    f = await SchedulingFixtures.create();
    other = await SchedulingFixtures.create();
    alice = (await f.member('Alice Adams')).id;
    bob = (await f.member('Bob Brown', { hours: [...weekdays('08:00', '12:00'), ...weekdays('13:00', '17:00')] })).id;
    carl = (await f.member('Carl Cole', { active: false })).id;
    nora = (await f.member('Nora North', { hours: [{ weekday: 7, start: '00:00', end: '06:00' }], role: 'dispatcher' }))
      .id;
    const customer = await f.customer('Dana Diaz');
    const job = await f.job(customer.id, 'Furnace repair');
    jobOf = { id: job.id, number: job.number, customerId: customer.id };
    ids.v1 = (await f.visit(job.id, local('2026-11-03T10:00'), local('2026-11-03T11:30'), { memberIds: [alice] })).id;
    ids.v2 = (
      await f.visit(job.id, local('2026-11-03T11:00'), local('2026-11-03T12:00'), {
        memberIds: [alice],
        status: 'en_route',
      })
    ).id;
    ids.v3 = (await f.visit(job.id, local('2026-11-03T16:30'), local('2026-11-03T17:30'), { memberIds: [alice] })).id;
    ids.v4 = (
      await f.visit(job.id, local('2026-11-03T13:00'), local('2026-11-03T14:00'), {
        memberIds: [alice],
        status: 'cancelled',
      })
    ).id;
    ids.bobVisit = (
      await f.visit(job.id, local('2026-11-03T09:00'), local('2026-11-03T10:00'), { memberIds: [bob] })
    ).id;
    ids.offApproved = (
      await f.timeOff(alice, local('2026-11-03T15:00'), local('2026-11-03T17:00'), 'approved', 'Dentist')
    ).id;
    ids.offRequested = (await f.timeOff(alice, local('2026-11-03T14:00'), local('2026-11-03T14:30'), 'requested')).id;
    await f.timeOff(alice, local('2026-11-02T08:00'), local('2026-11-02T17:00'), 'denied');
    ids.bobOff = (
      await f.timeOff(bob, local('2026-11-02T10:00'), local('2026-11-04T00:00'), 'approved', 'Vacation')
    ).id;

    foreignMember = (await other.member('Alice Adams')).id;
    const foreignCustomer = await other.customer('Dana Diaz');
    const foreignJob = await other.job(foreignCustomer.id, 'Furnace repair');
    await other.visit(foreignJob.id, local('2026-11-03T08:00'), local('2026-11-03T17:00'), {
      memberIds: [foreignMember],
    });
  });

  it("computes a member's day by hand: working hours, visits, time off, booked and available minutes", async () => {
    const schedule = await call({ date_from: '2026-11-02', date_to: '2026-11-03', team_member_id: alice });
    expect(schedule).to.deep.include({
      time_zone: 'America/Chicago',
      date_from: '2026-11-02',
      date_to: '2026-11-03',
      next_cursor: null,
    });
    expect(schedule.items).to.have.length(1);
    const [entry] = schedule.items;
    expect(entry?.team_member).to.deep.equal({ id: alice, name: 'Alice Adams', role: 'technician', active: true });
    const [monday, tuesday] = entry!.days;
    expect(monday).to.deep.include({
      date: '2026-11-02',
      weekday: 1,
      visits: [],
      time_off: [], // the denied time off is left out
      working_minutes: 540,
      booked_minutes: 0,
      booked_outside_hours_minutes: 0,
      time_off_minutes: 0,
      available_minutes: 540,
    });
    expect(tuesday).to.deep.equal({
      date: '2026-11-03',
      weekday: 2,
      working_hours: [
        {
          start: '2026-11-03T14:00:00.000Z',
          end: '2026-11-03T23:00:00.000Z',
          start_local: '08:00',
          end_local: '17:00',
        },
      ],
      visits: [
        visit(ids.v1!, 'scheduled', '10:00', '11:30', '16:00', '17:30'),
        visit(ids.v2!, 'en_route', '11:00', '12:00', '17:00', '18:00'),
        visit(ids.v3!, 'scheduled', '16:30', '17:30', '22:30', '23:30'),
      ],
      time_off: [
        {
          id: ids.offRequested,
          status: 'requested',
          reason: null,
          starts_at: '2026-11-03T20:00:00.000Z',
          ends_at: '2026-11-03T20:30:00.000Z',
          starts_local: '2026-11-03T14:00',
          ends_local: '2026-11-03T14:30',
        },
        {
          id: ids.offApproved,
          status: 'approved',
          reason: 'Dentist',
          starts_at: '2026-11-03T21:00:00.000Z',
          ends_at: '2026-11-03T23:00:00.000Z',
          starts_local: '2026-11-03T15:00',
          ends_local: '2026-11-03T17:00',
        },
      ],
      working_minutes: 540,
      booked_minutes: 150,
      booked_outside_hours_minutes: 30,
      time_off_minutes: 120,
      available_minutes: 300,
    });
    expect(entry?.totals).to.deep.equal({
      working_minutes: 1080,
      booked_minutes: 150,
      booked_outside_hours_minutes: 30,
      time_off_minutes: 120,
      available_minutes: 840,
    });
  });

  it('never lets available minutes go negative, and counts multi-day time off on each day', async () => {
    const schedule = await call({ date_from: '2026-11-02', date_to: '2026-11-03', team_member_id: bob });
    const days = schedule.items[0]!.days;
    expect(
      days.map((day) => day.working_hours.map((window) => `${window.start_local}-${window.end_local}`)),
    ).to.deep.equal([
      ['08:00-12:00', '13:00-17:00'],
      ['08:00-12:00', '13:00-17:00'],
    ]);
    const minutes = days.map(({ working_minutes, booked_minutes, time_off_minutes, available_minutes }) => [
      working_minutes,
      booked_minutes,
      time_off_minutes,
      available_minutes,
    ]);
    expect(minutes).to.deep.equal([
      [480, 0, 360, 120],
      [480, 60, 480, 0],
    ]);
    expect(days.map((day) => day.time_off.map((entry) => entry.id))).to.deep.equal([[ids.bobOff], [ids.bobOff]]);
    expect(days[1]!.visits.map((entry) => entry.id)).to.deep.equal([ids.bobVisit]);
  });

  it('lists every active member of the business by name, never an inactive or foreign one, and pages', async () => {
    const first = await call({ date_from: '2026-11-03', date_to: '2026-11-03', limit: 2 });
    expect(first.items.map((entry) => entry.team_member.name)).to.deep.equal(['Alice Adams', 'Bob Brown']);
    expect(first.next_cursor).to.be.a('string');
    const second = await call({ date_from: '2026-11-03', date_to: '2026-11-03', limit: 2, cursor: first.next_cursor });
    expect(second.items.map((entry) => entry.team_member.id)).to.deep.equal([nora]);
    expect(second.next_cursor).to.equal(null);
    const all = await call({ date_from: '2026-11-03', date_to: '2026-11-03' });
    expect(all.items.map((entry) => entry.team_member.id)).to.deep.equal([alice, bob, nora]);
    expect(all.items.some((entry) => entry.team_member.id === carl || entry.team_member.id === foreignMember)).to.equal(
      false,
    );
  });

  it('answers for an inactive member asked for by id', async () => {
    const schedule = await call({ date_from: '2026-11-03', date_to: '2026-11-03', team_member_id: carl });
    expect(schedule.items.map((entry) => entry.team_member)).to.deep.equal([
      { id: carl, name: 'Carl Cole', role: 'technician', active: false },
    ]);
    expect(schedule.items[0]!.days[0]).to.deep.include({ working_minutes: 540, available_minutes: 540 });
  });

  it('keeps working hours local across the end of DST, and the 25-hour Sunday is 25 hours', async () => {
    // Friday 2026-10-30 is CDT (08:00 = 13:00Z), Monday 2026-11-02 CST (08:00 = 14:00Z).
    const alices = await call({ date_from: '2026-10-30', date_to: '2026-11-02', team_member_id: alice });
    expect(
      alices.items[0]!.days.map((day) => [
        day.date,
        day.weekday,
        day.working_hours.map((w) => [w.start_local, w.start, w.end_local, w.end]),
      ]),
    ).to.deep.equal([
      ['2026-10-30', 5, [['08:00', '2026-10-30T13:00:00.000Z', '17:00', '2026-10-30T22:00:00.000Z']]],
      ['2026-10-31', 6, []],
      ['2026-11-01', 7, []],
      ['2026-11-02', 1, [['08:00', '2026-11-02T14:00:00.000Z', '17:00', '2026-11-02T23:00:00.000Z']]],
    ]);
    // Nora's Sunday 00:00-06:00 on 2026-11-01 runs 05:00Z-12:00Z: 420 real minutes, not 360.
    const noras = await call({ date_from: '2026-11-01', date_to: '2026-11-01', team_member_id: nora });
    expect(noras.items[0]!.days[0]).to.deep.include({ working_minutes: 420, available_minutes: 420 });
    expect(noras.items[0]!.days[0]!.working_hours).to.deep.equal([
      { start: '2026-11-01T05:00:00.000Z', end: '2026-11-01T12:00:00.000Z', start_local: '00:00', end_local: '06:00' },
    ]);
  });

  it('answers an unknown or foreign team member as not found', async () => {
    await expectAppError(
      call({ date_from: '2026-11-03', date_to: '2026-11-03', team_member_id: randomUUID() }),
      'RESOURCE_NOT_FOUND',
    );
    await expectAppError(
      call({ date_from: '2026-11-03', date_to: '2026-11-03', team_member_id: foreignMember }),
      'RESOURCE_NOT_FOUND',
    );
  });

  it('validates the range (at most 31 days), the id and the cursor', async () => {
    await expectAppError(call({ date_from: '2026-11-03', date_to: '2026-11-02' }), 'VALIDATION_FAILED');
    const tooLong = await expectAppError(call({ date_from: '2026-11-01', date_to: '2026-12-02' }), 'VALIDATION_FAILED');
    expect(tooLong.message).to.contain('31');
    const longest = await call({ date_from: '2026-11-01', date_to: '2026-12-01', team_member_id: alice });
    expect(longest.items[0]!.days).to.have.length(31);
    await expectAppError(call({ date_from: '2026-11-3', date_to: '2026-11-03' }), 'VALIDATION_FAILED');
    await expectAppError(
      call({ date_from: '2026-11-03', date_to: '2026-11-03', team_member_id: 'nope' }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      call({ date_from: '2026-11-03', date_to: '2026-11-03', cursor: 'forged' }),
      'VALIDATION_FAILED',
    );
    const nul = Buffer.from(JSON.stringify(['Alice\u0000', alice])).toString('base64url');
    await expectAppError(call({ date_from: '2026-11-03', date_to: '2026-11-03', cursor: nul }), 'VALIDATION_FAILED');
    await expectAppError(call({ date_from: '9999-12-31', date_to: '9999-12-31' }), 'VALIDATION_FAILED');
  });
});

function visit(id: string, status: string, startLocal: string, endLocal: string, startUtc: string, endUtc: string) {
  return {
    id,
    status,
    start: `2026-11-03T${startUtc}:00.000Z`,
    end: `2026-11-03T${endUtc}:00.000Z`,
    start_local: `2026-11-03T${startLocal}`,
    end_local: `2026-11-03T${endLocal}`,
    job: { id: jobOf.id, number: jobOf.number, title: 'Furnace repair' },
    customer: { id: jobOf.customerId, name: 'Dana Diaz' },
  };
}

describe('scheduling: get-schedule and visits of the longest length (14 days, visits_length_check)', () => {
  it('shows a 14-day visit on the last day it covers, and the database refuses a visit longer than 14 days', async () => {
    const f = await SchedulingFixtures.create();
    const member = (await f.member('Lena Long')).id;
    const job = await f.job((await f.customer('Owen Owens')).id, 'Long job');
    // Starts 13 days and 22 hours before the day asked for: the calendar read's lower bound must still find it.
    const visit = await f.visit(job.id, local('2026-10-20T10:00'), local('2026-11-03T09:00'), { memberIds: [member] });
    const schedule = await tenantCaller(f.id).workspace.scheduling.getSchedule({
      date_from: '2026-11-03',
      date_to: '2026-11-03',
      team_member_id: member,
    } as never);
    expect(schedule.items[0]!.days[0]!.visits.map((entry) => entry.id)).to.deep.equal([visit.id]);

    let refused: unknown;
    try {
      await f.visit(job.id, local('2026-10-20T10:00'), local('2026-11-03T11:00'), { memberIds: [member] });
    } catch (error) {
      refused = error;
    }
    expect(String(refused)).to.contain('visits_length_check');
  });
});
