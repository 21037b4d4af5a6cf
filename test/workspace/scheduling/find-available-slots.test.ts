import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { expectAppError, fixedClock, tenantCaller } from '../../helpers/workspace.ts';
import { local, SchedulingFixtures, weekdays } from './fixtures.ts';

/**
 * Business in America/Chicago. DST ends Sunday 2026-11-01 02:00 CDT -> 01:00 CST, so Friday
 * 2026-10-30 is UTC-5 and the week of Monday 2026-11-02 is UTC-6.
 *
 * Alice Adams: Mon-Fri 08:00-17:00, zone North. Tuesday 2026-11-03:
 *   visit 10:00-11:30 (scheduled), visit 12:00-14:00 CANCELLED (blocks nothing),
 *   time off 15:00-17:00 approved, time off 08:00-09:00 only requested (blocks nothing).
 *   Free: 08:00-10:00 and 11:30-15:00. 60-minute slots:
 *     08:00, 08:30, 09:00 (ends 10:00; 09:30 would end 10:30)
 *     11:30 (the free stretch's own start), 12:00, 12:30, 13:00, 13:30, 14:00 (ends 15:00)
 * Bob Brown: Mon-Fri 08:00-12:00, zone South, nothing booked: 08:00 ... 11:00 (7 slots).
 * Carl Cole: inactive, Mon-Fri 08:00-17:00, zone North: never offered.
 * Another business has an active "Alice Adams" with the same hours: never offered.
 */
describe('scheduling: find-available-slots', () => {
  let f: SchedulingFixtures;
  let other: SchedulingFixtures;
  let alice: string;
  let bob: string;
  let carl: string;
  let north: string;
  let south: string;
  let foreignZone: string;
  let foreignMember: string;
  const beforeRange = fixedClock('2026-11-01T12:00:00Z');
  const call = (input: Record<string, unknown>, clock = beforeRange) =>
    tenantCaller(f.id, { clock }).workspace.scheduling.findAvailableSlots(input as never);

  const aliceTuesday = ['08:00', '08:30', '09:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00'];
  // CST is UTC-6 on 2026-11-03.
  const aliceTuesdayUtc = ['14:00', '14:30', '15:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00'].map(
    (t) => `2026-11-03T${t}:00.000Z`,
  );
  const bobTuesday = ['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00'];

  before(async () => {
    f = await SchedulingFixtures.create();
    other = await SchedulingFixtures.create();
    alice = (await f.member('Alice Adams')).id;
    bob = (await f.member('Bob Brown', { hours: weekdays('08:00', '12:00') })).id;
    carl = (await f.member('Carl Cole', { active: false })).id;
    north = (await f.zone('North', ['60601'], [alice, carl])).id;
    south = (await f.zone('South', ['60610'], [bob])).id;
    const customer = await f.customer('Dana Diaz');
    const job = await f.job(customer.id, 'Furnace repair');
    await f.visit(job.id, local('2026-11-03T10:00'), local('2026-11-03T11:30'), { memberIds: [alice] });
    await f.visit(job.id, local('2026-11-03T12:00'), local('2026-11-03T14:00'), {
      memberIds: [alice],
      status: 'cancelled',
    });
    await f.timeOff(alice, local('2026-11-03T15:00'), local('2026-11-03T17:00'), 'approved');
    await f.timeOff(alice, local('2026-11-03T08:00'), local('2026-11-03T09:00'), 'requested');
    // Carl is booked nowhere, so only his inactivity keeps him out.

    foreignMember = (await other.member('Alice Adams')).id;
    foreignZone = (await other.zone('North', ['60601'], [foreignMember])).id;
  });

  it('subtracts visits and approved time off from working hours (hand-worked Tuesday)', async () => {
    const page = await call({
      date_from: '2026-11-03',
      date_to: '2026-11-03',
      duration_minutes: 60,
      team_member_id: alice,
    });
    expect(page.time_zone).to.equal('America/Chicago');
    expect(page.duration_minutes).to.equal(60);
    expect(page.next_cursor).to.equal(null);
    expect(page.items.map((slot) => slot.start_local)).to.deep.equal(aliceTuesday);
    expect(page.items.map((slot) => slot.start)).to.deep.equal(aliceTuesdayUtc);
    expect(page.items[0]).to.deep.equal({
      team_member: { id: alice, name: 'Alice Adams' },
      start: '2026-11-03T14:00:00.000Z',
      end: '2026-11-03T15:00:00.000Z',
      date: '2026-11-03',
      start_local: '08:00',
      end_local: '09:00',
    });
    expect(page.items.at(-1)?.end_local).to.equal('15:00');
  });

  it('offers every active member of the business, ordered by start then name; never an inactive or foreign one', async () => {
    const page = await call({ date_from: '2026-11-03', date_to: '2026-11-03', duration_minutes: 60, limit: 100 });
    const expected = [
      ...aliceTuesday.map((start) => `${start} Alice Adams`),
      ...bobTuesday.map((start) => `${start} Bob Brown`),
    ].sort();
    expect(page.items.map((slot) => `${slot.start_local} ${slot.team_member.name}`)).to.deep.equal(expected);
    expect(page.items.slice(0, 2).map((slot) => slot.team_member.id)).to.deep.equal([alice, bob]);
    const ids = new Set(page.items.map((slot) => slot.team_member.id));
    expect(ids.has(carl)).to.equal(false);
    expect(ids.has(foreignMember)).to.equal(false);
  });

  it('pages through the slots with no gap or duplicate', async () => {
    const input = { date_from: '2026-11-03', date_to: '2026-11-03', duration_minutes: 60 };
    const all = (await call({ ...input, limit: 100 })).items;
    expect(all).to.have.length(16);
    const seen: typeof all = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await call({ ...input, limit: 5, cursor });
      seen.push(...page.items);
      cursor = page.next_cursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).to.equal(4);
    expect(seen).to.deep.equal(all);
  });

  it('defaults to 25 slots per page', async () => {
    // Monday 2026-11-02 alone offers 17 (Alice, 08:00..16:00) + 7 (Bob) = 24 slots; Tuesday adds 16.
    const page = await call({ date_from: '2026-11-02', date_to: '2026-11-03', duration_minutes: 60 });
    expect(page.items).to.have.length(25);
    expect(page.next_cursor).to.be.a('string');
  });

  it('narrows to the team members serving a service zone', async () => {
    const northPage = await call({
      date_from: '2026-11-03',
      date_to: '2026-11-03',
      duration_minutes: 60,
      service_zone_id: north,
    });
    // Carl serves North too but is inactive.
    expect(northPage.items.map((slot) => `${slot.start_local} ${slot.team_member.name}`)).to.deep.equal(
      aliceTuesday.map((s) => `${s} Alice Adams`),
    );
    const southPage = await call({
      date_from: '2026-11-03',
      date_to: '2026-11-03',
      duration_minutes: 60,
      service_zone_id: south,
    });
    expect(southPage.items.map((slot) => `${slot.start_local} ${slot.team_member.name}`)).to.deep.equal(
      bobTuesday.map((s) => `${s} Bob Brown`),
    );
  });

  it('answers an unknown or foreign service zone or team member as not found', async () => {
    const base = { date_from: '2026-11-03', date_to: '2026-11-03', duration_minutes: 60 };
    await expectAppError(call({ ...base, service_zone_id: foreignZone }), 'RESOURCE_NOT_FOUND');
    await expectAppError(call({ ...base, service_zone_id: randomUUID() }), 'RESOURCE_NOT_FOUND');
    await expectAppError(call({ ...base, team_member_id: foreignMember }), 'RESOURCE_NOT_FOUND');
    await expectAppError(call({ ...base, team_member_id: randomUUID() }), 'RESOURCE_NOT_FOUND');
  });

  it('offers nothing for an inactive team member asked for by id', async () => {
    const page = await call({
      date_from: '2026-11-03',
      date_to: '2026-11-03',
      duration_minutes: 60,
      team_member_id: carl,
    });
    expect(page).to.deep.include({ items: [], next_cursor: null });
  });

  it('never starts a slot before now, rounding now up to 5 minutes', async () => {
    // now = 12:07 CST on Tuesday -> earliest start 12:10; Alice is free until 15:00:
    // 12:10 (start of the remaining free stretch), 12:30, 13:00, 13:30, 14:00.
    const clock = fixedClock('2026-11-03T18:07:00Z');
    const page = await call(
      { date_from: '2026-11-03', date_to: '2026-11-03', duration_minutes: 60, team_member_id: alice },
      clock,
    );
    expect(page.items.map((slot) => slot.start_local)).to.deep.equal(['12:10', '12:30', '13:00', '13:30', '14:00']);
    expect(page.items[0]?.start).to.equal('2026-11-03T18:10:00.000Z');
    const after = await call(
      { date_from: '2026-11-03', date_to: '2026-11-03', duration_minutes: 60 },
      fixedClock('2026-11-04T00:00:00Z'),
    );
    expect(after.items).to.deep.equal([]);
  });

  it('keeps working hours local across the end of DST (Fri 2026-10-30 CDT, Mon 2026-11-02 CST)', async () => {
    // 480 minutes in an 08:00-17:00 window: 08:00, 08:30, 09:00 local each working day; none at the weekend.
    // Friday 08:00 CDT = 13:00Z; Monday 08:00 CST = 14:00Z.
    const page = await call(
      { date_from: '2026-10-30', date_to: '2026-11-02', duration_minutes: 480, team_member_id: alice },
      fixedClock('2026-10-29T12:00:00Z'),
    );
    expect(page.items.map((slot) => [slot.date, slot.start_local, slot.start, slot.end_local])).to.deep.equal([
      ['2026-10-30', '08:00', '2026-10-30T13:00:00.000Z', '16:00'],
      ['2026-10-30', '08:30', '2026-10-30T13:30:00.000Z', '16:30'],
      ['2026-10-30', '09:00', '2026-10-30T14:00:00.000Z', '17:00'],
      ['2026-11-02', '08:00', '2026-11-02T14:00:00.000Z', '16:00'],
      ['2026-11-02', '08:30', '2026-11-02T14:30:00.000Z', '16:30'],
      ['2026-11-02', '09:00', '2026-11-02T15:00:00.000Z', '17:00'],
    ]);
  });

  it('counts the 25-hour day of the DST change in real time', async () => {
    // Nora works Sundays 00:00-06:00 local. On 2026-11-01 that is 05:00Z-12:00Z: seven real hours
    // (01:00-02:00 happens twice), so a 420-minute job fits exactly once, 00:00 CDT -> 06:00 CST;
    // wall-clock arithmetic (6 hours) would offer nothing. 360 minutes: 00:00 CDT (05:00Z, ends 11:00Z),
    // 00:30 CDT (05:30Z), 01:00 CDT (06:00Z, ends 12:00Z); 01:30 CDT would end 12:30Z.
    const fx = await SchedulingFixtures.create();
    const nora = await fx.member('Nora North', { hours: [{ weekday: 7, start: '00:00', end: '06:00' }] });
    const slots = async (duration_minutes: number) =>
      (
        await tenantCaller(fx.id, {
          clock: fixedClock('2026-10-31T00:00:00Z'),
        }).workspace.scheduling.findAvailableSlots({
          date_from: '2026-11-01',
          date_to: '2026-11-01',
          duration_minutes,
          team_member_id: nora.id,
        })
      ).items.map((slot) => [slot.start_local, slot.start, slot.end_local, slot.end]);
    expect(await slots(420)).to.deep.equal([
      ['00:00', '2026-11-01T05:00:00.000Z', '06:00', '2026-11-01T12:00:00.000Z'],
    ]);
    expect(await slots(360)).to.deep.equal([
      ['00:00', '2026-11-01T05:00:00.000Z', '05:00', '2026-11-01T11:00:00.000Z'],
      ['00:30', '2026-11-01T05:30:00.000Z', '05:30', '2026-11-01T11:30:00.000Z'],
      ['01:00', '2026-11-01T06:00:00.000Z', '06:00', '2026-11-01T12:00:00.000Z'],
    ]);
  });

  it('aligns the grid to :00 and :30 local after an odd free start', async () => {
    // Bob (08:00-12:00) with a visit 08:00-09:40 on Wednesday 2026-11-04: 45-minute slots at
    // 09:40 (the free start), 10:00, 10:30, 11:00 (ends 11:45); 11:30 would end 12:15.
    const customer = await f.customer('Eve Evans');
    const job = await f.job(customer.id, 'Leak check');
    await f.visit(job.id, local('2026-11-04T08:00'), local('2026-11-04T09:40'), {
      memberIds: [bob],
      status: 'completed',
    });
    const page = await call({
      date_from: '2026-11-04',
      date_to: '2026-11-04',
      duration_minutes: 45,
      team_member_id: bob,
    });
    expect(page.items.map((slot) => `${slot.start_local}-${slot.end_local}`)).to.deep.equal([
      '09:40-10:25',
      '10:00-10:45',
      '10:30-11:15',
      '11:00-11:45',
    ]);
  });

  it('offers a night shift across midnight as one free stretch, and pages a week without gap or duplicate', async () => {
    // Nina: Mon 20:00-24:00 and Tue 00:00-04:00 local, a visit Mon 21:10-22:00 and one Tue 02:00-02:30.
    // Free: Mon 20:00-21:10 and Mon 22:00-Tue 02:00, Tue 02:30-04:00. 90-minute slots: the free start
    // 22:00, then every :00/:30 whose slot still fits, across midnight: 22:30 ... 00:30 (ends 02:00);
    // Tuesday 02:30 (ends 04:00).
    const nina = (
      await f.member('Nina Night', {
        hours: [
          { weekday: 1, start: '20:00', end: '24:00' },
          { weekday: 2, start: '00:00', end: '04:00' },
        ],
      })
    ).id;
    const job = await f.job((await f.customer('Omar Ortiz')).id, 'Night call');
    await f.visit(job.id, local('2026-11-02T21:10'), local('2026-11-02T22:00'), { memberIds: [nina] });
    await f.visit(job.id, local('2026-11-03T02:00'), local('2026-11-03T02:30'), { memberIds: [nina] });
    const night = await call({
      date_from: '2026-11-02',
      date_to: '2026-11-03',
      duration_minutes: 90,
      team_member_id: nina,
    });
    expect(night.items.map((slot) => `${slot.date} ${slot.start_local}-${slot.end_local}`)).to.deep.equal([
      '2026-11-02 22:00-23:30',
      '2026-11-02 22:30-00:00',
      '2026-11-02 23:00-00:30',
      '2026-11-02 23:30-01:00',
      '2026-11-03 00:00-01:30',
      '2026-11-03 00:30-02:00',
      '2026-11-03 02:30-04:00',
    ]);
    expect(night.next_cursor).to.equal(null);

    // Bob's week (zone South), one page against pages of 7 slots (found a day at a time): 7 slots a
    // day, 4 on Wednesday (after the visit of the grid test), none at the weekend.
    const week = { date_from: '2026-11-02', date_to: '2026-11-08', duration_minutes: 60, service_zone_id: south };
    const all = (await call({ ...week, limit: 100 })).items;
    expect(all).to.have.length(32);
    const seen: typeof all = [];
    let cursor: string | undefined;
    do {
      const page = await call({ ...week, limit: 7, cursor });
      seen.push(...page.items);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).to.deep.equal(all);
    expect(new Set(all.map((slot) => slot.date)).size).to.equal(5);
  });

  it('validates the range, the duration, the ids and the cursor', async () => {
    const base = { date_from: '2026-11-03', date_to: '2026-11-03', duration_minutes: 60 };
    await expectAppError(call({ ...base, date_from: '2026-11-04' }), 'VALIDATION_FAILED');
    await expectAppError(call({ ...base, date_to: '2026-11-17' }), 'VALIDATION_FAILED'); // 15 days
    expect((await call({ ...base, date_to: '2026-11-16' })).items.length).to.be.greaterThan(0); // 14 days is fine
    await expectAppError(call({ ...base, date_from: '2026-02-30' }), 'VALIDATION_FAILED');
    await expectAppError(call({ ...base, duration_minutes: 10 }), 'VALIDATION_FAILED');
    await expectAppError(call({ ...base, duration_minutes: 62 }), 'VALIDATION_FAILED');
    await expectAppError(call({ ...base, duration_minutes: 725 }), 'VALIDATION_FAILED');
    await expectAppError(call({ ...base, limit: 101 }), 'VALIDATION_FAILED');
    await expectAppError(call({ ...base, team_member_id: 'not-a-uuid' }), 'VALIDATION_FAILED');
    await expectAppError(call({ ...base, service_zone_id: '123' }), 'VALIDATION_FAILED');
    await expectAppError(call({ ...base, cursor: 'forged' }), 'VALIDATION_FAILED');
    await expectAppError(call({ ...base, date_from: '9999-12-31', date_to: '9999-12-31' }), 'VALIDATION_FAILED');
    await expectAppError(
      call({ ...base, cursor: Buffer.from(JSON.stringify(['x', 1])).toString('base64url') }),
      'VALIDATION_FAILED',
    );
  });
});
