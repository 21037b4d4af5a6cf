import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { allPages } from '../../helpers/cursor-pages.ts';
import { createTestBusiness, expectAppError, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';
import { addMember, addTimeOff, forgedCursor } from './fixtures.ts';

/** Chicago in November is UTC-6: local day 2026-11-10 is 06:00Z Nov 10 .. 06:00Z Nov 11. */
describe('workspace: list-time-off', () => {
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
    // Local Nov 5 .. Nov 19 (whole days), denied.
    ids.o3 = await addTimeOff(business, ids.bo, '2026-11-05T06:00:00Z', '2026-11-20T06:00:00Z', 'denied', 'Long trip');
    // Local Nov 9, the whole day: ends exactly when Nov 10 begins.
    ids.o1 = await addTimeOff(business, ids.ana, '2026-11-09T06:00:00Z', '2026-11-10T06:00:00Z', 'approved', 'Dentist');
    // Local Nov 10 14:00 .. 16:00.
    ids.o4 = await addTimeOff(business, ids.ana, '2026-11-10T20:00:00Z', '2026-11-10T22:00:00Z', 'approved');
    // Local Nov 12 .. Nov 13 (whole days), requested.
    ids.o2 = await addTimeOff(
      business,
      ids.cy,
      '2026-11-12T06:00:00Z',
      '2026-11-14T06:00:00Z',
      'requested',
      'Vacation',
    );
    order = [ids.o3, ids.o1, ids.o4, ids.o2];
    ids.foreign = await addMember(other, 'Ana');
    ids.foreignOff = await addTimeOff(
      other,
      ids.foreign,
      '2026-11-10T06:00:00Z',
      '2026-11-11T06:00:00Z',
      'approved',
      'Vacation',
    );
  });

  it('lists time off in start order with exact fields', async () => {
    const page = await tenantCaller(business.id).workspace.team.listTimeOff({});
    expect(page).to.deep.include({ time_zone: 'America/Chicago', next_cursor: null });
    expect(page.items.map((entry) => entry.id)).to.deep.equal(order);
    expect(page.items[1]).to.deep.equal({
      id: ids.o1,
      team_member: { id: ids.ana, name: 'Ana' },
      status: 'approved',
      starts_at: '2026-11-09T06:00:00.000Z',
      ends_at: '2026-11-10T06:00:00.000Z',
      starts_at_local: '2026-11-09T00:00',
      ends_at_local: '2026-11-10T00:00',
      reason: 'Dentist',
    });
    expect(page.items[2]).to.deep.include({
      reason: null,
      starts_at_local: '2026-11-10T14:00',
      ends_at_local: '2026-11-10T16:00',
    });
  });

  it('answers time off overlapping the local date range', async () => {
    const caller = tenantCaller(business.id);
    const ids_ = async (input: { date_from?: string; date_to?: string }) =>
      (await caller.workspace.team.listTimeOff(input)).items.map((entry) => entry.id);
    // o1 ends exactly at the start of the 10th: it does not overlap it.
    expect(await ids_({ date_from: '2026-11-10', date_to: '2026-11-10' })).to.deep.equal([ids.o3, ids.o4]);
    expect(await ids_({ date_from: '2026-11-09', date_to: '2026-11-09' })).to.deep.equal([ids.o3, ids.o1]);
    expect(await ids_({ date_from: '2026-11-13' })).to.deep.equal([ids.o3, ids.o2]);
    expect(await ids_({ date_to: '2026-11-09' })).to.deep.equal([ids.o3, ids.o1]);
    expect(await ids_({ date_from: '2026-11-20' })).to.deep.equal([]);
    expect(await ids_({ date_to: '2026-11-04' })).to.deep.equal([]);
  });

  it('filters by status and team member', async () => {
    const caller = tenantCaller(business.id);
    expect(
      (await caller.workspace.team.listTimeOff({ status: 'approved' })).items.map((entry) => entry.id),
    ).to.deep.equal([ids.o1, ids.o4]);
    expect(
      (await caller.workspace.team.listTimeOff({ status: 'denied' })).items.map((entry) => entry.id),
    ).to.deep.equal([ids.o3]);
    expect(
      (await caller.workspace.team.listTimeOff({ team_member_id: ids.cy! })).items.map((entry) => entry.id),
    ).to.deep.equal([ids.o2]);
    expect(
      (await caller.workspace.team.listTimeOff({ team_member_id: ids.ana!, date_from: '2026-11-10' })).items.map(
        (entry) => entry.id,
      ),
    ).to.deep.equal([ids.o4]);
    expect(
      (await caller.workspace.team.listTimeOff({ team_member_id: ids.ana!, status: 'requested' })).items,
    ).to.deep.equal([]);
  });

  it('pages without gaps or repeats', async () => {
    const caller = tenantCaller(business.id);
    for (const limit of [1, 2, 3]) {
      const pages = await allPages((cursor) => caller.workspace.team.listTimeOff({ limit, cursor }));
      expect(
        pages.flat().map((entry) => entry.id),
        `limit ${limit}`,
      ).to.deep.equal(order);
      expect(pages.length).to.equal(Math.ceil(order.length / limit));
    }
  });

  it('refuses bad ranges, ids and cursors', async () => {
    const caller = tenantCaller(business.id);
    await expectAppError(
      caller.workspace.team.listTimeOff({ date_from: '2026-11-10', date_to: '2026-11-09' }),
      'VALIDATION_FAILED',
    );
    await expectAppError(caller.workspace.team.listTimeOff({ date_from: '0000-01-01' }), 'VALIDATION_FAILED');
    await expectAppError(caller.workspace.team.listTimeOff({ date_from: '2026-11-10T00:00:00Z' }), 'VALIDATION_FAILED');
    await expectAppError(caller.workspace.team.listTimeOff({ status: 'pending' as never }), 'VALIDATION_FAILED');
    await expectAppError(caller.workspace.team.listTimeOff({ team_member_id: '123' }), 'VALIDATION_FAILED');
    await expectAppError(caller.workspace.team.listTimeOff({ cursor: 'x' }), 'VALIDATION_FAILED');
    await expectAppError(
      caller.workspace.team.listTimeOff({ cursor: forgedCursor(['2026-11-31T00:00:00.000000Z', randomUUID()]) }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      caller.workspace.team.listTimeOff({ cursor: forgedCursor(['2026-11-10T00:00:00.000000Z']) }),
      'VALIDATION_FAILED',
    );
  });

  it("refuses a team member of another business or none, and never shows another business's time off", async () => {
    const caller = tenantCaller(business.id);
    await expectAppError(caller.workspace.team.listTimeOff({ team_member_id: ids.foreign! }), 'RESOURCE_NOT_FOUND');
    await expectAppError(caller.workspace.team.listTimeOff({ team_member_id: randomUUID() }), 'RESOURCE_NOT_FOUND');
    expect((await tenantCaller(other.id).workspace.team.listTimeOff({})).items.map((entry) => entry.id)).to.deep.equal([
      ids.foreignOff,
    ]);
  });
});
