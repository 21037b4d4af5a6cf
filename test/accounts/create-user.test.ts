import { expect } from 'chai';
import { sql } from '../helpers/sql.ts';
import { expectAppError, tenantCaller, createTestBusiness } from '../helpers/workspace.ts';
import type { SystemCaller } from '../../scripts/lib/system-caller.ts';
import { accountsCaller, expectInvalidParameter, uniqueSuffix } from './fixtures.ts';

describe('accounts.createUser', () => {
  let caller: SystemCaller;
  before(() => (caller = accountsCaller()));

  it('creates a user and answers it without any password material', async () => {
    const email = `Ada.Lovelace-${uniqueSuffix()}@Example.test`;
    const user = await caller.accounts.createUser({ email, name: '  Ada Lovelace ', password: 'a long passphrase' });
    expect(Object.keys(user).sort()).to.deep.equal(['created_at', 'email', 'id', 'name']);
    expect(user.email).to.equal(email);
    expect(user.name).to.equal('Ada Lovelace');
    expect(user.id).to.match(/^[0-9a-f-]{36}$/);
    expect(new Date(user.created_at).getTime()).to.be.closeTo(Date.now(), 60_000);

    const [row] = await sql<{ password_hash: string; email: string }>(
      'select email, password_hash from users where id = ?',
      [user.id],
    );
    expect(row!.email).to.equal(email);
    // scrypt at the OWASP parameters, with its salt, never the password itself.
    expect(row!.password_hash).to.match(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(row!.password_hash).not.to.contain('passphrase');
  });

  it('refuses an e-mail address that exists in any letter case with CONFLICT', async () => {
    const email = `grace-${uniqueSuffix()}@example.test`;
    await caller.accounts.createUser({ email, name: 'Grace', password: 'another passphrase' });
    const error = await expectAppError(
      caller.accounts.createUser({ email: email.toUpperCase(), name: 'Grace Again', password: 'another passphrase' }),
      'CONFLICT',
    );
    expect(error.message).to.contain('already exists');
    const [count] = await sql<{ n: string }>('select count(*) as n from users where lower(email) = lower(?)', [email]);
    expect(Number(count!.n)).to.equal(1);
  });

  it('validates the e-mail address, the name and the password length (12 to 200 characters)', async () => {
    const email = `val-${uniqueSuffix()}@example.test`;
    const cases: Array<[Record<string, string>, string]> = [
      [{ email: 'not-an-address', name: 'X', password: 'a long passphrase' }, 'email'],
      [{ email, name: '   ', password: 'a long passphrase' }, 'name'],
      [{ email, name: 'X', password: 'short pass1' }, 'password'],
      [{ email, name: 'X', password: 'p'.repeat(201) }, 'password'],
    ];
    for (const [input, parameter] of cases) {
      await expectInvalidParameter(caller.accounts.createUser(input as never), parameter);
    }
    const exact = await caller.accounts.createUser({ email, name: 'X', password: '123456789012' });
    expect(exact.email).to.equal(email);
  });

  it('is a system procedure: a caller with a workspace token is answered as if it did not exist', async () => {
    const business = await createTestBusiness();
    await expectAppError(
      tenantCaller(business.id).accounts.createUser({
        email: `x-${uniqueSuffix()}@example.test`,
        name: 'X',
        password: 'a long passphrase',
      }),
      'ROUTE_NOT_FOUND',
    );
  });
});
