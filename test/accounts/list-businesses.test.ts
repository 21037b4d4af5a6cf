import { expect } from 'chai';
import type { SystemCaller } from '../../scripts/lib/system-caller.ts';
import { accountsCaller, createBusiness, createUser } from './fixtures.ts';

describe('accounts.listBusinesses', () => {
  let caller: SystemCaller;
  before(() => (caller = accountsCaller()));

  it("lists every business with its member count and its owners' e-mail addresses, oldest first", async () => {
    const [zoe, adam, member] = [
      await createUser(caller, 'zoe'),
      await createUser(caller, 'adam'),
      await createUser(caller, 'member'),
    ];
    const owned = await createBusiness(caller, { owner_email: zoe.email });
    await caller.accounts.addMember({ business: owned.id, email: adam.email, role: 'owner' });
    await caller.accounts.addMember({ business: owned.id, email: member.email, role: 'member' });
    const empty = await createBusiness(caller);

    const { items } = await caller.accounts.listBusinesses({});
    const ownedItem = items.find((item) => item.id === owned.id);
    const emptyItem = items.find((item) => item.id === empty.id);
    expect(ownedItem).to.deep.include({
      slug: owned.slug,
      time_zone: 'America/Chicago',
      currency: 'USD',
      member_count: 3,
    });
    // Alphabetical: "adam-..." before "zoe-...".
    expect(ownedItem!.owner_emails).to.deep.equal([adam.email, zoe.email]);
    expect(emptyItem).to.deep.include({ member_count: 0, owner_emails: [] });
    expect(items.indexOf(ownedItem!)).to.be.lessThan(items.indexOf(emptyItem!));
    for (const item of items)
      expect(Object.keys(item).sort()).to.deep.equal([
        'created_at',
        'currency',
        'id',
        'member_count',
        'name',
        'owner_emails',
        'slug',
        'time_zone',
      ]);
  });
});
