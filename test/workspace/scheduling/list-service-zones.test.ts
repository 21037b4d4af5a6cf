import { expect } from 'chai';
import { expectAppError, tenantCaller } from '../../helpers/workspace.ts';
import { SchedulingFixtures } from './fixtures.ts';

describe('scheduling: list-service-zones', () => {
  let f: SchedulingFixtures;
  let other: SchedulingFixtures;
  const zones: Record<string, string> = {};
  const members: Record<string, string> = {};
  const call = (input: Record<string, unknown> = {}) =>
    tenantCaller(f.id).workspace.scheduling.listServiceZones(input as never);

  before(async () => {
    f = await SchedulingFixtures.create();
    other = await SchedulingFixtures.create();
    members.alice = (await f.member('Alice Adams')).id;
    members.bob = (await f.member('Bob Brown')).id;
    members.carl = (await f.member('Carl Cole', { active: false })).id;
    zones.south = (await f.zone('South', ['60610'], [members.bob])).id;
    zones.north = (await f.zone('North', ['60601', '60602'], [members.carl, members.alice])).id;
    zones.empty = (await f.zone('Empty', [])).id;
    const foreignMember = (await other.member('Alice Adams')).id;
    await other.zone('Alpha', ['60601'], [foreignMember]);
  });

  it('lists zones by name with postal codes and the members serving them', async () => {
    const page = await call();
    expect(page).to.deep.equal({
      items: [
        { id: zones.empty, name: 'Empty', postal_codes: [], team_members: [] },
        {
          id: zones.north,
          name: 'North',
          postal_codes: ['60601', '60602'],
          team_members: [
            { id: members.alice, name: 'Alice Adams', active: true },
            { id: members.carl, name: 'Carl Cole', active: false },
          ],
        },
        {
          id: zones.south,
          name: 'South',
          postal_codes: ['60610'],
          team_members: [{ id: members.bob, name: 'Bob Brown', active: true }],
        },
      ],
      next_cursor: null,
    });
  });

  it('pages with no gap or duplicate', async () => {
    const first = await call({ limit: 2 });
    expect(first.items.map((zone) => zone.name)).to.deep.equal(['Empty', 'North']);
    const second = await call({ limit: 2, cursor: first.next_cursor });
    expect(second.items.map((zone) => zone.name)).to.deep.equal(['South']);
    expect(second.next_cursor).to.equal(null);
  });

  it('validates the cursor and the limit', async () => {
    await expectAppError(call({ cursor: 'forged' }), 'VALIDATION_FAILED');
    await expectAppError(
      call({ cursor: Buffer.from(JSON.stringify([1, 2])).toString('base64url') }),
      'VALIDATION_FAILED',
    );
    await expectAppError(call({ limit: 0 }), 'VALIDATION_FAILED');
  });
});
