import { expect } from 'chai';
import { hashPassword } from '../../core/auth/password.ts';
import type { SystemCaller } from '../../scripts/lib/system-caller.ts';
import { sql } from '../helpers/sql.ts';
import { expectAppError } from '../helpers/workspace.ts';
import { accountsCaller, createUser, expectInvalidParameter, PASSWORD, uniqueSuffix } from './fixtures.ts';

async function storedHash(userId: string): Promise<string> {
  const [row] = await sql<{ password_hash: string }>('select password_hash from users where id = ?', [userId]);
  return row!.password_hash;
}

describe('accounts.verifyUserPassword', () => {
  let caller: SystemCaller;
  let user: { id: string; email: string };

  before(async () => {
    caller = accountsCaller();
    user = await createUser(caller, 'signin');
  });

  it('answers the user id for the right password, the e-mail in any case', async () => {
    expect(
      await caller.accounts.verifyUserPassword({ email: user.email.toUpperCase(), password: PASSWORD }),
    ).to.deep.equal({ user_id: user.id });
  });

  it('answers the same UNAUTHORIZED for a wrong password and for an unknown e-mail', async () => {
    const wrong = await expectAppError(
      caller.accounts.verifyUserPassword({ email: user.email, password: `${PASSWORD}!` }),
      'UNAUTHORIZED',
    );
    const unknown = await expectAppError(
      caller.accounts.verifyUserPassword({ email: `nobody-${uniqueSuffix()}@example.test`, password: PASSWORD }),
      'UNAUTHORIZED',
    );
    const notAnAddress = await expectAppError(
      caller.accounts.verifyUserPassword({ email: 'nobody', password: PASSWORD }),
      'UNAUTHORIZED',
    );
    expect(wrong.message).to.equal('The e-mail address or the password is wrong.');
    expect(unknown.message).to.equal(wrong.message);
    expect(notAnAddress.message).to.equal(wrong.message);
  });

  it('spends about as long on an unknown e-mail as on a wrong password (an scrypt run either way)', async () => {
    const time = async (email: string) => {
      const started = performance.now();
      await caller.accounts.verifyUserPassword({ email, password: 'wrong password' }).catch(() => undefined);
      return performance.now() - started;
    };
    await time(user.email);
    const known = await time(user.email);
    const unknown = await time(`nobody-${uniqueSuffix()}@example.test`);
    // A skipped scrypt would take a few milliseconds; one run takes tens to hundreds.
    expect(unknown).to.be.greaterThan(known / 3);
  });

  it('replaces a hash made with weaker parameters after a successful check, and keeps a current one', async () => {
    const weak = await createUser(caller, 'weak');
    const weakHash = await hashPassword(PASSWORD, { N: 2 ** 14, r: 8, p: 1 });
    await sql('update users set password_hash = ? where id = ?', [weakHash, weak.id]);

    await expectAppError(
      caller.accounts.verifyUserPassword({ email: weak.email, password: 'not the password' }),
      'UNAUTHORIZED',
    );
    expect(await storedHash(weak.id), 'a failed check changes nothing').to.equal(weakHash);

    expect(await caller.accounts.verifyUserPassword({ email: weak.email, password: PASSWORD })).to.deep.equal({
      user_id: weak.id,
    });
    const upgraded = await storedHash(weak.id);
    expect(upgraded).to.match(/^scrypt\$131072\$8\$1\$/);
    expect(await caller.accounts.verifyUserPassword({ email: weak.email, password: PASSWORD })).to.deep.equal({
      user_id: weak.id,
    });
    expect(await storedHash(weak.id), 'a current hash is kept').to.equal(upgraded);
  });

  it('validates the lengths of its input', async () => {
    await expectInvalidParameter(caller.accounts.verifyUserPassword({ email: '', password: PASSWORD }), 'email');
    await expectInvalidParameter(
      caller.accounts.verifyUserPassword({ email: user.email, password: 'x'.repeat(201) }),
      'password',
    );
  });
});
