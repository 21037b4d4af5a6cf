import { expect } from 'chai';
import { signedInUser, startBrowserSession } from '../../core/services/oauth/authorize/browser-sessions.ts';
import type { SystemCaller } from '../../scripts/lib/system-caller.ts';
import { service } from '../helpers/root-hooks.ts';
import { expectAppError } from '../helpers/workspace.ts';
import {
  accountsCaller,
  createBusiness,
  createUser,
  expectInvalidParameter,
  PASSWORD,
  uniqueSuffix,
} from './fixtures.ts';

const NEW_PASSWORD = 'a brand new passphrase';

describe('accounts.resetUserPassword', () => {
  let caller: SystemCaller;
  const em = () => service().database.orm.em.fork();

  before(() => {
    caller = accountsCaller();
  });

  it('sets the password (the e-mail in any case), and only the new one signs in', async () => {
    const user = await createUser(caller, 'reset');
    const result = await caller.accounts.resetUserPassword({ email: user.email.toUpperCase(), password: NEW_PASSWORD });
    expect(result.user).to.deep.include({ id: user.id, email: user.email });
    expect(await caller.accounts.verifyUserPassword({ email: user.email, password: NEW_PASSWORD })).to.deep.equal({
      user_id: user.id,
    });
    await expectAppError(caller.accounts.verifyUserPassword({ email: user.email, password: PASSWORD }), 'UNAUTHORIZED');
  });

  it("ends the user's browser sign-ins and nobody else's", async () => {
    const user = await createUser(caller, 'signed-in');
    const other = await createUser(caller, 'bystander');
    const now = new Date();
    const sessions = [await startBrowserSession(em(), user.id, now), await startBrowserSession(em(), user.id, now)];
    const bystander = await startBrowserSession(em(), other.id, now);
    const result = await caller.accounts.resetUserPassword({ email: user.email, password: NEW_PASSWORD });
    expect(result.sessions_ended).to.equal(2);
    for (const session of sessions) expect(await signedInUser(em(), session.secret, now)).to.equal(undefined);
    expect(await signedInUser(em(), bystander.secret, now)).to.deep.include({ userId: other.id });
  });

  it('answers RESOURCE_NOT_FOUND for an unknown e-mail and VALIDATION_FAILED for a short or missing password', async () => {
    const unknown = await expectAppError(
      caller.accounts.resetUserPassword({ email: `nobody-${uniqueSuffix()}@example.test`, password: NEW_PASSWORD }),
      'RESOURCE_NOT_FOUND',
    );
    expect(unknown.message).to.match(/^No user has the e-mail address nobody-/);
    const user = await createUser(caller, 'short');
    await expectInvalidParameter(
      caller.accounts.resetUserPassword({ email: user.email, password: 'short' }),
      'password',
    );
    await expectInvalidParameter(
      caller.accounts.resetUserPassword({ email: user.email, password: 'x'.repeat(201) }),
      'password',
    );
    await expectInvalidParameter(caller.accounts.resetUserPassword({ email: '', password: NEW_PASSWORD }), 'email');
    // Nothing changed by the refused calls.
    expect(await caller.accounts.verifyUserPassword({ email: user.email, password: PASSWORD })).to.have.property(
      'user_id',
    );
  });
});

describe('infrastructure.demo.findDemoOwners', () => {
  it('answers the owners of the named businesses with their businesses, and nobody for an unknown slug', async () => {
    const caller = accountsCaller();
    const owner = await createUser(caller, 'demo-owner');
    const member = await createUser(caller, 'demo-member');
    const first = await createBusiness(caller, { owner_email: owner.email });
    const second = await createBusiness(caller, { owner_email: owner.email });
    await caller.accounts.addMember({ business: first.slug, email: member.email, role: 'admin' });
    const { owners } = await caller.infrastructure.demo.findDemoOwners({
      business_slugs: [first.slug, second.slug, `no-such-${uniqueSuffix()}`],
    });
    expect(owners).to.have.length(1);
    expect(owners[0]).to.deep.include({ email: owner.email, name: 'User demo-owner' });
    expect(owners[0]!.businesses.map((business) => business.slug).sort()).to.deep.equal(
      [first.slug, second.slug].sort(),
    );
    expect(
      (await caller.infrastructure.demo.findDemoOwners({ business_slugs: [`no-such-${uniqueSuffix()}`] })).owners,
    ).to.deep.equal([]);
    await expectInvalidParameter(caller.infrastructure.demo.findDemoOwners({ business_slugs: [] }), 'business_slugs');
  });
});
