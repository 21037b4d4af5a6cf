import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { allPages } from '../../helpers/cursor-pages.ts';
import { createTestBusiness, expectAppError, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';
import { addMember, addZone, forgedCursor } from './fixtures.ts';

describe('workspace: list-team-members', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  const ids: Record<string, string> = {};
  // Byte order (collate "C"): upper case before lower case; the two "Dee" by id.
  let order: string[];

  before(async () => {
    business = await createTestBusiness();
    other = await createTestBusiness();
    ids.ana = await addMember(business, 'Ana', {
      skills: ['hvac', 'electrical'],
      email: 'ana@example.com',
      phone: '+1 555 0100',
      color: '#FF8800',
    });
    ids.bo = await addMember(business, 'Bo', { role: 'dispatcher', active: false });
    ids.cy = await addMember(business, 'Cy', { role: 'manager' });
    ids.dee1 = await addMember(business, 'Dee', { role: 'office' });
    ids.dee2 = await addMember(business, 'Dee', { active: false });
    ids.lower = await addMember(business, 'abe');
    ids.north = await addZone(business, 'North', [ids.ana, ids.cy]);
    ids.south = await addZone(business, 'South', [ids.ana]);
    // The other business has look-alike members and a zone: none of it may appear.
    ids.foreignAna = await addMember(other, 'Ana', { skills: ['hvac'] });
    ids.foreignBo = await addMember(other, 'Aaron');
    await addZone(other, 'North', [ids.foreignAna]);
    const dees = [ids.dee1, ids.dee2].sort();
    order = [ids.ana, ids.bo, ids.cy, dees[0]!, dees[1]!, ids.lower];
  });

  it('lists every member by name (byte order) then id, with exact fields', async () => {
    const page = await tenantCaller(business.id).workspace.team.listTeamMembers({});
    expect(page.items.map((member) => member.id)).to.deep.equal(order);
    expect(page.next_cursor).to.equal(null);
    expect(page.items[0]).to.deep.equal({
      id: ids.ana,
      name: 'Ana',
      email: 'ana@example.com',
      phone: '+1 555 0100',
      role: 'technician',
      skills: ['hvac', 'electrical'],
      active: true,
      color: '#FF8800',
      service_zone_ids: [ids.north, ids.south],
    });
    expect(page.items[1]).to.deep.equal({
      id: ids.bo,
      name: 'Bo',
      email: null,
      phone: null,
      role: 'dispatcher',
      skills: [],
      active: false,
      color: null,
      service_zone_ids: [],
    });
    expect(page.items.find((member) => member.id === ids.cy)!.service_zone_ids).to.deep.equal([ids.north]);
  });

  it('filters by active', async () => {
    const caller = tenantCaller(business.id);
    const active = await caller.workspace.team.listTeamMembers({ active: true });
    expect(active.items.map((member) => member.id)).to.deep.equal(
      order.filter((id) => id !== ids.bo && id !== ids.dee2),
    );
    const inactive = await caller.workspace.team.listTeamMembers({ active: false });
    expect(inactive.items.map((member) => member.id)).to.deep.equal(
      order.filter((id) => id === ids.bo || id === ids.dee2),
    );
  });

  it('pages through every member without gaps or repeats, for every page size', async () => {
    const caller = tenantCaller(business.id);
    for (const limit of [1, 2, 3, 4, 5]) {
      const pages = await allPages((cursor) => caller.workspace.team.listTeamMembers({ limit, cursor }));
      expect(
        pages.flat().map((member) => member.id),
        `limit ${limit}`,
      ).to.deep.equal(order);
      expect(pages.length).to.equal(Math.ceil(order.length / limit));
    }
    const first = await caller.workspace.team.listTeamMembers({ limit: 2, active: true });
    const second = await caller.workspace.team.listTeamMembers({ limit: 2, active: true, cursor: first.next_cursor! });
    expect([...first.items, ...second.items].map((member) => member.name)).to.deep.equal(['Ana', 'Cy', 'Dee', 'abe']);
    expect(second.next_cursor).to.equal(null);
  });

  it('refuses forged cursors and bad limits', async () => {
    const caller = tenantCaller(business.id);
    await expectAppError(caller.workspace.team.listTeamMembers({ cursor: 'not-a-cursor' }), 'VALIDATION_FAILED');
    await expectAppError(
      caller.workspace.team.listTeamMembers({ cursor: forgedCursor([1, randomUUID()]) }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      caller.workspace.team.listTeamMembers({ cursor: forgedCursor(['Ana', 'not-a-uuid']) }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      caller.workspace.team.listTeamMembers({ cursor: forgedCursor(['A\u0000', randomUUID()]) }),
      'VALIDATION_FAILED',
    );
    await expectAppError(caller.workspace.team.listTeamMembers({ limit: 0 }), 'VALIDATION_FAILED');
    await expectAppError(caller.workspace.team.listTeamMembers({ limit: 101 }), 'VALIDATION_FAILED');
  });

  it("answers only the caller's business", async () => {
    const page = await tenantCaller(other.id).workspace.team.listTeamMembers({});
    expect(page.items.map((member) => member.id)).to.deep.equal([ids.foreignBo, ids.foreignAna]);
    expect(page.items[1]!.service_zone_ids).to.have.length(1);
    const empty = await createTestBusiness();
    expect(await tenantCaller(empty.id).workspace.team.listTeamMembers({})).to.deep.equal({
      items: [],
      next_cursor: null,
    });
  });
});
