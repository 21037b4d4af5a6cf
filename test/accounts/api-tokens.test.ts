import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { SystemCaller } from '../../scripts/lib/system-caller.ts';
import { sql } from '../helpers/sql.ts';
import { expectAppError } from '../helpers/workspace.ts';
import { accountsCaller, accountsCallerAt, createBusiness, createUser, expectInvalidParameter } from './fixtures.ts';

describe('accounts API tokens (createApiToken, listApiTokens, revokeApiToken)', () => {
  let caller: SystemCaller;
  let business: { id: string; slug: string };
  let other: { id: string; slug: string };

  before(async () => {
    caller = accountsCaller();
    business = await createBusiness(caller);
    other = await createBusiness(caller);
  });

  it('creates a token with the default scopes and answers it once; only its SHA-256 is stored', async () => {
    const created = await caller.accounts.createApiToken({ business: business.slug, name: ' billing sync ' });
    expect(created.token).to.match(/^fsa_ws_[\w-]{43}$/);
    expect(created).to.deep.include({
      business_id: business.id,
      name: 'billing sync',
      token_prefix: created.token.slice(0, 13),
      scopes: ['workspace:read', 'workspace:write'],
    });
    const [row] = await sql<{
      token_hash: string;
      token_prefix: string;
      scopes: string[];
      last_used_at: Date | null;
      revoked_at: Date | null;
    }>('select token_hash, token_prefix, scopes, last_used_at, revoked_at from api_tokens where id = ?', [created.id]);
    expect(row).to.deep.equal({
      token_hash: createHash('sha256').update(created.token).digest('hex'),
      token_prefix: created.token.slice(0, 13),
      scopes: ['workspace:read', 'workspace:write'],
      last_used_at: null,
      revoked_at: null,
    });
  });

  it('keeps the requested scopes in canonical order without duplicates, and records the creator', async () => {
    const creator = await createUser(caller, 'creator');
    const created = await caller.accounts.createApiToken({
      business: business.id,
      name: 'hooks',
      scopes: ['webhooks:manage', 'workspace:read', 'webhooks:manage'],
      created_by: creator.id,
    });
    expect(created.scopes).to.deep.equal(['workspace:read', 'webhooks:manage']);
    const { items } = await caller.accounts.listApiTokens({ business: business.id });
    expect(items.find((item) => item.id === created.id)!.created_by).to.equal(creator.id);
  });

  it('rejects unknown scopes, no scope, a bad name, and answers RESOURCE_NOT_FOUND for an unknown business or creator', async () => {
    await expectInvalidParameter(
      caller.accounts.createApiToken({ business: business.slug, name: 'x', scopes: ['admin' as never] }),
      'scopes.0',
    );
    await expectInvalidParameter(
      caller.accounts.createApiToken({ business: business.slug, name: 'x', scopes: [] }),
      'scopes',
    );
    await expectInvalidParameter(caller.accounts.createApiToken({ business: business.slug, name: '  ' }), 'name');
    await expectInvalidParameter(
      caller.accounts.createApiToken({ business: business.slug, name: 'n'.repeat(101) }),
      'name',
    );
    await expectInvalidParameter(
      caller.accounts.createApiToken({ business: business.slug, name: 'x', created_by: 'nope' }),
      'created_by',
    );
    for (const seconds of [0, 59, 1.5, 3650 * 86_400 + 1]) {
      await expectInvalidParameter(
        caller.accounts.createApiToken({ business: business.slug, name: 'x', expires_in_seconds: seconds }),
        'expires_in_seconds',
      );
    }
    await expectAppError(
      caller.accounts.createApiToken({ business: 'no-such-business-anywhere', name: 'x' }),
      'RESOURCE_NOT_FOUND',
    );
    await expectAppError(caller.accounts.createApiToken({ business: randomUUID(), name: 'x' }), 'RESOURCE_NOT_FOUND');
    await expectAppError(
      caller.accounts.createApiToken({ business: business.slug, name: 'x', created_by: randomUUID() }),
      'RESOURCE_NOT_FOUND',
    );
  });

  it("lists a business's tokens newest first, never their values or hashes, and not another business's", async () => {
    const fresh = await createBusiness(caller);
    const first = await caller.accounts.createApiToken({ business: fresh.id, name: 'first' });
    const second = await caller.accounts.createApiToken({
      business: fresh.id,
      name: 'second',
      scopes: ['workspace:read'],
    });
    await caller.accounts.createApiToken({ business: other.id, name: 'elsewhere' });
    // Both could fall in the same millisecond; the order must not depend on the id tie-break here.
    await sql("update api_tokens set created_at = created_at - interval '1 minute' where id = ?", [first.id]);

    const listed = await caller.accounts.listApiTokens({ business: fresh.slug });
    expect(listed.business_id).to.equal(fresh.id);
    expect(listed.items.map((item) => item.id)).to.deep.equal([second.id, first.id]);
    expect(listed.items[0]).to.deep.equal({
      id: second.id,
      business_id: fresh.id,
      name: 'second',
      token_prefix: second.token_prefix,
      scopes: ['workspace:read'],
      created_by: null,
      created_at: second.created_at,
      last_used_at: null,
      revoked_at: null,
      expires_at: null,
      status: 'active',
    });
    expect(JSON.stringify(listed)).not.to.contain(first.token).and.not.to.contain(second.token.slice(13));
    await expectAppError(
      caller.accounts.listApiTokens({ business: 'no-such-business-anywhere' }),
      'RESOURCE_NOT_FOUND',
    );
  });

  it('revokes a token once; a second revocation reports it already revoked and keeps the first time', async () => {
    const created = await caller.accounts.createApiToken({ business: business.id, name: 'to revoke' });
    const revoked = await caller.accounts.revokeApiToken({ token_id: created.id });
    expect(revoked.already_revoked).to.equal(false);
    expect(revoked.token).to.deep.include({ id: created.id, name: 'to revoke', token_prefix: created.token_prefix });
    expect(revoked.token.revoked_at).to.be.a('string');

    const again = await caller.accounts.revokeApiToken({ token_id: created.id });
    expect(again).to.deep.equal({ token: revoked.token, already_revoked: true });

    const active = await caller.accounts.listApiTokens({ business: business.id, include_revoked: false });
    expect(active.items.map((item) => item.id)).not.to.include(created.id);
    const all = await caller.accounts.listApiTokens({ business: business.id });
    expect(all.items.find((item) => item.id === created.id)!.revoked_at).to.equal(revoked.token.revoked_at);
  });

  it('answers RESOURCE_NOT_FOUND for an unknown token id and VALIDATION_FAILED for a malformed one', async () => {
    await expectAppError(caller.accounts.revokeApiToken({ token_id: randomUUID() }), 'RESOURCE_NOT_FOUND');
    await expectInvalidParameter(caller.accounts.revokeApiToken({ token_id: 'fsa_ws_abc' }), 'token_id');
  });

  it('gives a token an expiry when asked; listings show it, and an expired token is listed as such and hidden from the active ones', async () => {
    const fresh = await createBusiness(caller);
    const lasting = await caller.accounts.createApiToken({ business: fresh.id, name: 'lasting' });
    expect(lasting.expires_at).to.equal(null);
    const before = Date.now();
    const quarterly = await caller.accounts.createApiToken({
      business: fresh.id,
      name: 'quarterly',
      expires_in_seconds: 90 * 86_400,
    });
    expect(Date.parse(quarterly.expires_at!) - Date.parse(quarterly.created_at)).to.equal(90 * 86_400 * 1000);
    expect(Date.parse(quarterly.expires_at!)).to.be.closeTo(before + 90 * 86_400 * 1000, 60_000);
    // Created two hours ago for one hour: it expired an hour ago.
    const lapsed = await accountsCallerAt(new Date(Date.now() - 2 * 3_600_000)).accounts.createApiToken({
      business: fresh.id,
      name: 'lapsed',
      expires_in_seconds: 3_600,
    });

    const all = await caller.accounts.listApiTokens({ business: fresh.id });
    const byName = Object.fromEntries(all.items.map((item) => [item.name, item]));
    expect(byName.lasting).to.include({ expires_at: null, status: 'active' });
    expect(byName.quarterly).to.include({ expires_at: quarterly.expires_at, status: 'active' });
    expect(byName.lapsed).to.include({ expires_at: lapsed.expires_at, status: 'expired' });
    const active = await caller.accounts.listApiTokens({ business: fresh.id, include_revoked: false });
    expect(active.items.map((item) => item.name).sort()).to.deep.equal(['lasting', 'quarterly']);
    const revoked = await caller.accounts.revokeApiToken({ token_id: lapsed.id });
    expect(revoked.token.status).to.equal('revoked');
  });
});
