import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { allPages } from '../../helpers/cursor-pages.ts';
import { createTestBusiness, expectAppError, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';
import { addJobWithVisit, addMember, addTimeEntry, forgedCursor } from './fixtures.ts';

/**
 * Chicago, around the end of daylight saving time (Sunday 2026-11-01, 02:00 CDT -> 01:00 CST):
 * local 2026-10-31 is 05:00Z Oct 31 .. 05:00Z Nov 1 (UTC-5); local 2026-11-01 is 25 hours,
 * 05:00Z Nov 1 .. 06:00Z Nov 2; local 2026-11-02 starts 06:00Z Nov 2 (UTC-6).
 */
describe('workspace: list-time-entries', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  const ids: Record<string, string> = {};
  let order: string[];

  before(async () => {
    business = await createTestBusiness({ timeZone: 'America/Chicago' });
    other = await createTestBusiness({ timeZone: 'America/Chicago' });
    ids.ana = await addMember(business, 'Ana');
    ids.bo = await addMember(business, 'Bo');
    ids.cy = await addMember(business, 'Cy');
    const { jobId, visitId } = await addJobWithVisit(business);
    ids.job = jobId;
    ids.visit = visitId;
    // Local 2026-10-31 23:59 CDT: the day before, by one minute. 31 min.
    ids.e1 = await addTimeEntry(business, ids.ana, 'work', '2026-11-01T04:59:00Z', '2026-11-01T05:30:00Z');
    // Local 2026-11-01 00:00 CDT. 45.5 min -> 45.
    ids.e2 = await addTimeEntry(business, ids.ana, 'travel', '2026-11-01T05:00:00Z', '2026-11-01T05:45:30Z');
    // Local 2026-11-01 23:30 CST: still the 1st, 25 hours after its midnight. 90 min.
    ids.e3 = await addTimeEntry(business, ids.ana, 'work', '2026-11-02T05:30:00Z', '2026-11-02T07:00:00Z', {
      jobId,
      visitId,
      notes: 'Replaced igniter',
    });
    // Local 2026-11-02 00:00 CST, still running.
    ids.e4 = await addTimeEntry(business, ids.cy, 'break', '2026-11-02T06:00:00Z', null);
    // Two entries at the same instant (ordered by id), then two a fraction of a millisecond later.
    ids.e5 = await addTimeEntry(business, ids.bo, 'work', '2026-11-03T15:00:00Z', '2026-11-03T16:00:00Z');
    ids.e6 = await addTimeEntry(business, ids.cy, 'work', '2026-11-03T15:00:00Z', '2026-11-03T15:00:59Z');
    ids.e7 = await addTimeEntry(business, ids.cy, 'travel', '2026-11-03T15:00:00.000500Z', '2026-11-03T15:30:00Z');
    ids.e8 = await addTimeEntry(business, ids.bo, 'travel', '2026-11-03T15:00:00.000900Z', '2026-11-03T15:30:00Z');
    order = [ids.e1, ids.e2, ids.e3, ids.e4, ...[ids.e5, ids.e6].sort(), ids.e7, ids.e8];
    // Look-alike entries in another business, on the same days.
    ids.foreign = await addMember(other, 'Ana');
    ids.foreignEntry = await addTimeEntry(other, ids.foreign, 'work', '2026-11-01T06:00:00Z', '2026-11-01T07:00:00Z');
  });

  it('lists entries in start order with exact fields, durations and local times', async () => {
    const page = await tenantCaller(business.id).workspace.team.listTimeEntries({});
    expect(page.time_zone).to.equal('America/Chicago');
    expect(page.next_cursor).to.equal(null);
    expect(page.items.map((entry) => entry.id)).to.deep.equal(order);
    const byId = new Map(page.items.map((entry) => [entry.id, entry]));
    expect(page.items.map((entry) => [entry.id, entry.duration_minutes])).to.deep.equal(
      order.map((id) => [
        id,
        {
          [ids.e1!]: 31,
          [ids.e2!]: 45,
          [ids.e3!]: 90,
          [ids.e4!]: null,
          [ids.e5!]: 60,
          [ids.e6!]: 0,
          [ids.e7!]: 29,
          [ids.e8!]: 29,
        }[id],
      ]),
    );
    expect(byId.get(ids.e3!)).to.deep.equal({
      id: ids.e3,
      team_member: { id: ids.ana, name: 'Ana' },
      kind: 'work',
      started_at: '2026-11-02T05:30:00.000Z',
      ended_at: '2026-11-02T07:00:00.000Z',
      started_at_local: '2026-11-01T23:30',
      ended_at_local: '2026-11-02T01:00',
      running: false,
      duration_minutes: 90,
      job_id: ids.job,
      visit_id: ids.visit,
      notes: 'Replaced igniter',
    });
    expect(byId.get(ids.e4!)).to.deep.include({
      team_member: { id: ids.cy, name: 'Cy' },
      kind: 'break',
      ended_at: null,
      ended_at_local: null,
      running: true,
      duration_minutes: null,
      job_id: null,
      visit_id: null,
    });
    expect(byId.get(ids.e1!)).to.deep.include({
      started_at_local: '2026-10-31T23:59',
      ended_at_local: '2026-11-01T00:30',
    });
  });

  it('filters by local days of the business time zone, across the DST change', async () => {
    const caller = tenantCaller(business.id);
    const ids_ = async (input: { date_from?: string; date_to?: string }) =>
      (await caller.workspace.team.listTimeEntries(input)).items.map((entry) => entry.id);
    expect(await ids_({ date_from: '2026-11-01', date_to: '2026-11-01' })).to.deep.equal([ids.e2, ids.e3]);
    expect(await ids_({ date_from: '2026-10-31', date_to: '2026-10-31' })).to.deep.equal([ids.e1]);
    expect(await ids_({ date_to: '2026-10-31' })).to.deep.equal([ids.e1]);
    expect(await ids_({ date_from: '2026-11-02' })).to.deep.equal(order.slice(3));
    expect(await ids_({ date_from: '2026-11-04', date_to: '9999-12-30' })).to.deep.equal([]);
    expect(await ids_({ date_from: '1900-01-01', date_to: '2026-11-02' })).to.deep.equal(order.slice(0, 4));
  });

  it('filters by team member and kind', async () => {
    const caller = tenantCaller(business.id);
    expect(
      (await caller.workspace.team.listTimeEntries({ team_member_id: ids.ana! })).items.map((entry) => entry.id),
    ).to.deep.equal([ids.e1, ids.e2, ids.e3]);
    expect(
      (await caller.workspace.team.listTimeEntries({ kind: 'work' })).items.map((entry) => entry.id),
    ).to.deep.equal(order.filter((id) => [ids.e1, ids.e3, ids.e5, ids.e6].includes(id)));
    expect(
      (
        await caller.workspace.team.listTimeEntries({
          kind: 'travel',
          team_member_id: ids.bo!,
          date_from: '2026-11-03',
        })
      ).items.map((entry) => entry.id),
    ).to.deep.equal([ids.e8]);
    expect((await caller.workspace.team.listTimeEntries({ kind: 'break', date_to: '2026-11-01' })).items).to.deep.equal(
      [],
    );
  });

  it('pages without gaps or repeats, even between entries a fraction of a millisecond apart', async () => {
    const caller = tenantCaller(business.id);
    for (const limit of [1, 2, 3, 4, 5, 6, 7]) {
      const pages = await allPages((cursor) => caller.workspace.team.listTimeEntries({ limit, cursor }));
      expect(
        pages.flat().map((entry) => entry.id),
        `limit ${limit}`,
      ).to.deep.equal(order);
      expect(pages.length).to.equal(Math.ceil(order.length / limit));
    }
  });

  it('refuses bad ranges, ids and cursors', async () => {
    const caller = tenantCaller(business.id);
    const range = await expectAppError(
      caller.workspace.team.listTimeEntries({ date_from: '2026-11-10', date_to: '2026-11-09' }),
      'VALIDATION_FAILED',
    );
    expect(range.message).to.equal('Invalid parameter "date_to": must not be before date_from.');
    await expectAppError(caller.workspace.team.listTimeEntries({ date_from: '0000-01-01' }), 'VALIDATION_FAILED');
    await expectAppError(caller.workspace.team.listTimeEntries({ date_to: '9999-12-31' }), 'VALIDATION_FAILED');
    await expectAppError(caller.workspace.team.listTimeEntries({ date_from: '2026-02-30' }), 'VALIDATION_FAILED');
    await expectAppError(caller.workspace.team.listTimeEntries({ team_member_id: 'ana' }), 'VALIDATION_FAILED');
    await expectAppError(caller.workspace.team.listTimeEntries({ kind: 'nap' as never }), 'VALIDATION_FAILED');
    await expectAppError(caller.workspace.team.listTimeEntries({ cursor: 'garbage!' }), 'VALIDATION_FAILED');
    await expectAppError(
      caller.workspace.team.listTimeEntries({ cursor: forgedCursor(['2026-13-01T00:00:00.000000Z', randomUUID()]) }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      caller.workspace.team.listTimeEntries({ cursor: forgedCursor(['0000-01-01T00:00:00.000000Z', randomUUID()]) }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      caller.workspace.team.listTimeEntries({ cursor: forgedCursor(['Ana', randomUUID()]) }),
      'VALIDATION_FAILED',
    );
  });

  it("refuses a team member of another business or none, and never shows another business's entries", async () => {
    const caller = tenantCaller(business.id);
    const foreign = await expectAppError(
      caller.workspace.team.listTimeEntries({ team_member_id: ids.foreign! }),
      'RESOURCE_NOT_FOUND',
    );
    expect(foreign.message).to.equal(`No team member with id ${ids.foreign} in this business.`);
    await expectAppError(caller.workspace.team.listTimeEntries({ team_member_id: randomUUID() }), 'RESOURCE_NOT_FOUND');
    const theirs = await tenantCaller(other.id).workspace.team.listTimeEntries({});
    expect(theirs.items.map((entry) => entry.id)).to.deep.equal([ids.foreignEntry]);
  });

  it('reads days in UTC when the stored time zone is unknown', async () => {
    const odd = await createTestBusiness({ timeZone: 'Mars/Olympus_Mons' });
    const member = await addMember(odd, 'Zed');
    const late = await addTimeEntry(odd, member, 'work', '2026-11-01T23:30:00Z', null);
    const page = await tenantCaller(odd.id).workspace.team.listTimeEntries({
      date_from: '2026-11-01',
      date_to: '2026-11-01',
    });
    expect(page).to.deep.include({ time_zone: 'UTC', next_cursor: null });
    expect(page.items.map((entry) => [entry.id, entry.started_at_local])).to.deep.equal([[late, '2026-11-01T23:30']]);
  });
});
