import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { sql } from '../../helpers/sql.ts';
import { createTestBusiness, expectAppError, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';
import { addMember, addZone } from './fixtures.ts';

describe('workspace: get-team-member', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  const ids: Record<string, string> = {};

  before(async () => {
    business = await createTestBusiness({ timeZone: 'America/Denver' });
    other = await createTestBusiness({ timeZone: 'Europe/Paris' });
    ids.ana = await addMember(business, 'Ana', {
      skills: ['hvac'],
      email: 'ana@example.com',
      color: '#00AA00',
      // Stored out of order, with an overlap on Monday, a window to midnight on Friday and two unusable entries.
      hours: [
        { weekday: 2, start: '13:00', end: '17:00' },
        { weekday: 1, start: '11:00', end: '16:00' },
        { weekday: 1, start: '08:00', end: '12:00' },
        { weekday: 5, start: '22:00', end: '24:00' },
        { weekday: 8, start: '08:00', end: '09:00' },
        { weekday: 3, start: '10:00', end: '09:00' },
      ],
    });
    ids.idle = await addMember(business, 'Idle', { active: false, role: 'office' });
    ids.south = await addZone(business, 'South', [ids.ana]);
    ids.north = await addZone(business, 'North', [ids.ana]);
    await addZone(business, 'East');
    ids.foreign = await addMember(other, 'Ana', { hours: [{ weekday: 1, start: '08:00', end: '17:00' }] });
    await addZone(other, 'West', [ids.foreign]);
  });

  it('answers the member with working hours by weekday, weekly minutes, zone and time zone', async () => {
    const ana = await tenantCaller(business.id).workspace.team.getTeamMember({ team_member_id: ids.ana! });
    // Monday 08:00-12:00 and 11:00-16:00 cover 08:00-16:00 = 480 min; Tuesday 13:00-17:00 = 240; Friday 22:00-24:00 = 120.
    expect(ana).to.deep.equal({
      id: ids.ana,
      name: 'Ana',
      email: 'ana@example.com',
      phone: null,
      role: 'technician',
      skills: ['hvac'],
      active: true,
      color: '#00AA00',
      service_zone_ids: [ids.north, ids.south],
      working_hours: [
        { weekday: 1, day: 'monday', start: '08:00', end: '12:00' },
        { weekday: 1, day: 'monday', start: '11:00', end: '16:00' },
        { weekday: 2, day: 'tuesday', start: '13:00', end: '17:00' },
        { weekday: 5, day: 'friday', start: '22:00', end: '24:00' },
      ],
      weekly_working_minutes: 840,
      time_zone: 'America/Denver',
      service_zones: [
        { id: ids.north, name: 'North' },
        { id: ids.south, name: 'South' },
      ],
    });
  });

  it('answers a member without hours or zones', async () => {
    const idle = await tenantCaller(business.id).workspace.team.getTeamMember({ team_member_id: ids.idle! });
    expect(idle).to.deep.include({
      active: false,
      role: 'office',
      working_hours: [],
      weekly_working_minutes: 0,
      service_zones: [],
      service_zone_ids: [],
    });
  });

  it('treats stored hours that are not a list as no hours', async () => {
    await sql(`update team_members set working_hours = '{"weekday": 1}'::jsonb where business_id = ? and id = ?`, [
      business.id,
      ids.idle,
    ]);
    const idle = await tenantCaller(business.id).workspace.team.getTeamMember({ team_member_id: ids.idle! });
    expect(idle).to.deep.include({ working_hours: [], weekly_working_minutes: 0 });
  });

  it("refuses malformed, unknown and other businesses' ids", async () => {
    const caller = tenantCaller(business.id);
    await expectAppError(caller.workspace.team.getTeamMember({ team_member_id: 'not-a-uuid' }), 'VALIDATION_FAILED');
    const unknown = await expectAppError(
      caller.workspace.team.getTeamMember({ team_member_id: randomUUID() }),
      'RESOURCE_NOT_FOUND',
    );
    const foreign = await expectAppError(
      caller.workspace.team.getTeamMember({ team_member_id: ids.foreign! }),
      'RESOURCE_NOT_FOUND',
    );
    expect(foreign.message).to.equal(`No team member with id ${ids.foreign} in this business.`);
    expect(unknown.message).to.match(/^No team member with id [0-9a-f-]{36} in this business\.$/);
    // The other business sees its own member, in its own zone.
    const own = await tenantCaller(other.id).workspace.team.getTeamMember({ team_member_id: ids.foreign! });
    expect(own).to.deep.include({ time_zone: 'Europe/Paris', weekly_working_minutes: 540 });
    expect(own.service_zones.map((zone) => zone.name)).to.deep.equal(['West']);
  });
});
