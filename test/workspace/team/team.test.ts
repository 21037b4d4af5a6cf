import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createTestBusiness, expectAppError, fixtureEm, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';

async function sql(text: string, params: unknown[]): Promise<void> {
  await fixtureEm().getConnection().execute(text, params);
}

async function addMember(business: TestBusiness, name: string, active = true, hours: unknown[] = []): Promise<string> {
  const id = randomUUID();
  await sql("insert into team_members (id, business_id, name, role, skills, active, working_hours) values (?, ?, ?, 'technician', '{hvac}', ?, ?::jsonb)", [
    id, business.id, name, active, JSON.stringify(hours),
  ]);
  return id;
}

describe('workspace: team, time entries and time off', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  const ids: Record<string, string> = {};

  before(async () => {
    // Chicago in November: UTC-6, so local 2026-11-10 is 06:00Z .. 2026-11-11 06:00Z.
    business = await createTestBusiness({ timeZone: 'America/Chicago' });
    other = await createTestBusiness();
    ids.ana = await addMember(business, 'Ana', true, [{ weekday: 2, start: '08:00', end: '12:00' }, { weekday: 1, start: '08:00', end: '17:00' }]);
    ids.bo = await addMember(business, 'Bo', false);
    ids.cy = await addMember(business, 'Cy');
    ids.foreign = await addMember(other, 'Ana');
    ids.zone = randomUUID();
    await sql("insert into service_zones (id, business_id, name) values (?, ?, 'North')", [ids.zone, business.id]);
    await sql('insert into team_member_service_zones (business_id, team_member_id, service_zone_id) values (?, ?, ?)', [business.id, ids.ana, ids.zone]);
    ids.e1 = randomUUID();
    ids.e2 = randomUUID();
    ids.e3 = randomUUID();
    await sql("insert into time_entries (id, business_id, team_member_id, kind, started_at, ended_at) values (?, ?, ?, 'work', '2026-11-10T05:59:00Z', '2026-11-10T07:00:00Z')", [ids.e1, business.id, ids.ana]);
    await sql("insert into time_entries (id, business_id, team_member_id, kind, started_at, ended_at) values (?, ?, ?, 'travel', '2026-11-10T06:00:00Z', '2026-11-10T06:45:30Z')", [ids.e2, business.id, ids.ana]);
    await sql("insert into time_entries (id, business_id, team_member_id, kind, started_at) values (?, ?, ?, 'work', '2026-11-10T15:00:00Z')", [ids.e3, business.id, ids.cy]);
    ids.off1 = randomUUID();
    ids.off2 = randomUUID();
    await sql("insert into time_off (id, business_id, team_member_id, starts_at, ends_at, status) values (?, ?, ?, '2026-11-09T06:00:00Z', '2026-11-10T06:00:00Z', 'approved')", [ids.off1, business.id, ids.ana]);
    await sql("insert into time_off (id, business_id, team_member_id, starts_at, ends_at, status) values (?, ?, ?, '2026-11-12T06:00:00Z', '2026-11-14T06:00:00Z', 'requested')", [ids.off2, business.id, ids.cy]);
  });

  it('list-team-members lists by name with zones, filters by active, pages', async () => {
    const caller = tenantCaller(business.id);
    const all = await caller.workspace.team.listTeamMembers({});
    expect(all.items.map((member) => member.name)).to.deep.equal(['Ana', 'Bo', 'Cy']);
    expect(all.items[0]).to.deep.include({ id: ids.ana, role: 'technician', skills: ['hvac'], active: true, service_zone_ids: [ids.zone] });
    expect((await caller.workspace.team.listTeamMembers({ active: false })).items.map((member) => member.id)).to.deep.equal([ids.bo]);
    const first = await caller.workspace.team.listTeamMembers({ limit: 2 });
    expect((await caller.workspace.team.listTeamMembers({ limit: 2, cursor: first.next_cursor! })).items.map((member) => member.id)).to.deep.equal([ids.cy]);
  });

  it('get-team-member orders working hours by weekday and sums the week', async () => {
    const ana = await tenantCaller(business.id).workspace.team.getTeamMember({ team_member_id: ids.ana! });
    expect(ana.working_hours).to.deep.equal([{ weekday: 1, start: '08:00', end: '17:00' }, { weekday: 2, start: '08:00', end: '12:00' }]);
    expect(ana).to.deep.include({ weekly_working_minutes: 540 + 240, time_zone: 'America/Chicago', service_zones: [{ id: ids.zone, name: 'North' }] });
    await expectAppError(tenantCaller(business.id).workspace.team.getTeamMember({ team_member_id: ids.foreign! }), 'RESOURCE_NOT_FOUND');
  });

  it('list-time-entries reads local days, computes durations, and refuses a foreign member filter', async () => {
    const caller = tenantCaller(business.id);
    // 05:59Z is still 2026-11-09 in Chicago; 06:00Z starts the 10th.
    const tenth = await caller.workspace.team.listTimeEntries({ date_from: '2026-11-10', date_to: '2026-11-10' });
    expect(tenth.items.map((entry) => [entry.id, entry.duration_minutes])).to.deep.equal([[ids.e2, 45], [ids.e3, null]]);
    expect((await caller.workspace.team.listTimeEntries({ team_member_id: ids.ana!, kind: 'work' })).items.map((entry) => entry.id)).to.deep.equal([ids.e1]);
    await expectAppError(caller.workspace.team.listTimeEntries({ team_member_id: ids.foreign! }), 'RESOURCE_NOT_FOUND');
    await expectAppError(caller.workspace.team.listTimeEntries({ date_from: '2026-11-10', date_to: '2026-11-09' }), 'VALIDATION_FAILED');
  });

  it('list-time-off answers entries overlapping the local range', async () => {
    const caller = tenantCaller(business.id);
    // off1 ends exactly when the 10th starts: no overlap with the 10th.
    expect((await caller.workspace.team.listTimeOff({ date_from: '2026-11-10', date_to: '2026-11-12' })).items.map((entry) => entry.id)).to.deep.equal([ids.off2]);
    expect((await caller.workspace.team.listTimeOff({ date_to: '2026-11-09' })).items.map((entry) => entry.id)).to.deep.equal([ids.off1]);
    expect((await caller.workspace.team.listTimeOff({ status: 'requested' })).items[0]).to.deep.include({ id: ids.off2, team_member: { id: ids.cy, name: 'Cy' } });
  });
});
