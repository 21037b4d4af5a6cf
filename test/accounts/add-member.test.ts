import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { SystemCaller } from '../../scripts/lib/system-caller.ts';
import { sql } from '../helpers/sql.ts';
import { expectAppError } from '../helpers/workspace.ts';
import { accountsCaller, createBusiness, createUser, expectInvalidParameter, uniqueSuffix } from './fixtures.ts';

describe('accounts.addMember', () => {
  let caller: SystemCaller;
  let business: { id: string; slug: string };
  let alice: { id: string; email: string };
  let bob: { id: string; email: string };

  before(async () => {
    caller = accountsCaller();
    business = await createBusiness(caller);
    alice = await createUser(caller, 'alice');
    bob = await createUser(caller, 'bob');
  });

  it('adds a user by e-mail (any case) to a business named by slug', async () => {
    const member = await caller.accounts.addMember({
      business: business.slug,
      email: alice.email.toUpperCase(),
      role: 'admin',
    });
    expect(member).to.deep.include({
      business_id: business.id,
      business_slug: business.slug,
      user_id: alice.id,
      email: alice.email,
      role: 'admin',
      created: true,
    });
    const rows = await sql('select user_id, role from memberships where business_id = ?', [business.id]);
    expect(rows).to.deep.equal([{ user_id: alice.id, role: 'admin' }]);
  });

  it('adds a user to a business named by id', async () => {
    const member = await caller.accounts.addMember({
      business: business.id.toUpperCase(),
      email: bob.email,
      role: 'member',
    });
    expect(member).to.deep.include({ business_id: business.id, user_id: bob.id, role: 'member', created: true });
  });

  it('changes nothing when the member already has that role', async () => {
    const first = await sql<{ created_at: Date }>(
      'select created_at from memberships where business_id = ? and user_id = ?',
      [business.id, alice.id],
    );
    const again = await caller.accounts.addMember({ business: business.slug, email: alice.email, role: 'admin' });
    expect(again).to.deep.include({
      role: 'admin',
      created: false,
      created_at: new Date(first[0]!.created_at).toISOString(),
    });
  });

  it('answers CONFLICT for a member with another role and keeps the role', async () => {
    const error = await expectAppError(
      caller.accounts.addMember({ business: business.slug, email: alice.email, role: 'owner' }),
      'CONFLICT',
    );
    expect(error.message).to.contain('already is admin');
    const [row] = await sql<{ role: string }>('select role from memberships where business_id = ? and user_id = ?', [
      business.id,
      alice.id,
    ]);
    expect(row!.role).to.equal('admin');
  });

  it('answers RESOURCE_NOT_FOUND for an unknown user or business', async () => {
    await expectAppError(
      caller.accounts.addMember({
        business: business.slug,
        email: `ghost-${uniqueSuffix()}@example.test`,
        role: 'member',
      }),
      'RESOURCE_NOT_FOUND',
    );
    await expectAppError(
      caller.accounts.addMember({ business: `no-such-${uniqueSuffix()}`, email: alice.email, role: 'member' }),
      'RESOURCE_NOT_FOUND',
    );
    await expectAppError(
      caller.accounts.addMember({ business: randomUUID(), email: alice.email, role: 'member' }),
      'RESOURCE_NOT_FOUND',
    );
  });

  it('validates the role, the e-mail and the business reference', async () => {
    await expectInvalidParameter(
      caller.accounts.addMember({ business: business.slug, email: alice.email, role: 'boss' as never }),
      'role',
    );
    await expectInvalidParameter(
      caller.accounts.addMember({ business: business.slug, email: 'alice', role: 'member' }),
      'email',
    );
    await expectInvalidParameter(
      caller.accounts.addMember({ business: ' ', email: alice.email, role: 'member' }),
      'business',
    );
  });
});
