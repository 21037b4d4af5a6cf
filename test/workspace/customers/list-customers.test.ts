import { expect } from 'chai';
import {
  createTestBusiness,
  expectAppError,
  tenantCaller,
  type Caller,
  type TestBusiness,
} from '../../helpers/workspace.ts';
import { addCustomer, addTag, forgedCursor } from './fixtures.ts';

type ListInput = Parameters<Caller['workspace']['customers']['listCustomers']>[0];

describe('workspace: list-customers', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  const ids: Record<string, string> = {};

  before(async () => {
    business = await createTestBusiness();
    other = await createTestBusiness();
    ids.maria = await addCustomer(business, {
      name: 'Maria Garcia',
      email: 'maria@example.com',
      createdAt: '2026-01-01T00:00:00Z',
    });
    ids.mario = await addCustomer(business, { name: 'Mario Rossi', createdAt: '2026-02-01T00:00:00Z' });
    ids.ana = await addCustomer(business, { name: 'Ana Lopez', status: 'inactive', createdAt: '2026-03-01T00:00:00Z' });
    // Same instant as Ana: the id breaks the tie.
    ids.zed = await addCustomer(business, { name: 'zed lower', status: 'archived', createdAt: '2026-03-01T00:00:00Z' });
    ids.bea = await addCustomer(business, { name: 'Bea Park', createdAt: '2026-03-01T00:00:00.000001Z' });
    await addTag(business, 'VIP', [ids.maria!, ids.bea!]);
    await addTag(business, 'Commercial', [ids.mario!]);
    ids.foreign = await addCustomer(other, { name: 'Aaron Other', createdAt: '2026-02-15T00:00:00Z' });
    ids.foreignTag = await addTag(other, 'Foreign only', [ids.foreign!]);
    await addTag(other, 'VIP', [ids.foreign!]);
  });

  const list = async (input: ListInput) =>
    (await tenantCaller(business.id).workspace.customers.listCustomers(input)).items.map((item) => item.id);
  const byCreated = (a: string, b: string) => (a < b ? -1 : 1);

  it('sorts newest first by default, then oldest first, then by name in byte order; ties by id', async () => {
    const [first, second] = [ids.ana!, ids.zed!].sort(byCreated);
    expect(await list({})).to.deep.equal([ids.bea, second, first, ids.mario, ids.maria]);
    expect(await list({ sort: 'created_asc' })).to.deep.equal([ids.maria, ids.mario, first, second, ids.bea]);
    // Byte order: uppercase before lowercase, so "zed lower" comes last.
    expect(await list({ sort: 'name_asc' })).to.deep.equal([ids.ana, ids.bea, ids.maria, ids.mario, ids.zed]);
  });

  it('answers customer summaries with tags', async () => {
    const [maria] = (
      await tenantCaller(business.id).workspace.customers.listCustomers({ sort: 'created_asc', limit: 1 })
    ).items;
    expect(maria).to.deep.equal({
      id: ids.maria,
      name: 'Maria Garcia',
      company_name: null,
      email: 'maria@example.com',
      phone: null,
      status: 'active',
      address: { line1: null, line2: null, city: null, region: null, postal_code: null, country: null },
      tags: ['VIP'],
      created_at: '2026-01-01T00:00:00.000Z',
    });
  });

  it('filters by status, tag name in any letter case, and created_after (inclusive)', async () => {
    expect(await list({ status: 'inactive' })).to.deep.equal([ids.ana]);
    expect(await list({ status: 'archived' })).to.deep.equal([ids.zed]);
    expect(await list({ tag: 'vip' })).to.deep.equal([ids.bea, ids.maria]);
    expect(await list({ tag: ' VIP ' })).to.deep.equal([ids.bea, ids.maria]);
    expect(await list({ tag: 'commercial', status: 'active' })).to.deep.equal([ids.mario]);
    expect(await list({ tag: 'No such tag' })).to.deep.equal([]);
    expect(await list({ created_after: '2026-02-01T00:00:00Z', sort: 'created_asc' })).to.deep.equal([
      ids.mario,
      ...[ids.ana!, ids.zed!].sort(byCreated),
      ids.bea,
    ]);
    expect(await list({ created_after: '2026-03-01T00:00:00.000001Z' })).to.deep.equal([ids.bea]);
    // An offset is honoured: 01:00+01:00 is midnight UTC.
    expect(await list({ created_after: '2026-03-01T01:00:00+01:00', status: 'active' })).to.deep.equal([ids.bea]);
    // Instants PostgreSQL cannot read are clamped, not refused with a server error.
    expect(await list({ created_after: '0000-01-01T00:00:00Z' })).to.have.length(5);
    expect(await list({ created_after: '9999-12-31T23:59:59-23:59' })).to.deep.equal([]);
  });

  it("never lists another business's customers, nor filters by its tags", async () => {
    const all = await list({ limit: 100 });
    expect(all).not.to.include(ids.foreign);
    expect(await list({ tag: 'Foreign only' })).to.deep.equal([]);
    expect(await list({ tag: ids.foreignTag! })).to.deep.equal([]);
    expect(await list({ tag: 'VIP' })).not.to.include(ids.foreign);
  });

  for (const sort of ['created_desc', 'created_asc', 'name_asc'] as const) {
    it(`pages through ${sort} without duplicates or gaps`, async () => {
      const caller = tenantCaller(business.id);
      const whole = await list({ sort });
      const seen: string[] = [];
      let cursor: string | undefined;
      for (;;) {
        const page = await caller.workspace.customers.listCustomers({ sort, limit: 2, cursor });
        seen.push(...page.items.map((item) => item.id));
        if (!page.next_cursor) break;
        cursor = page.next_cursor;
      }
      expect(seen).to.deep.equal(whole);
    });
  }

  it('pages by name over names too long to carry in a cursor', async () => {
    const crowded = await createTestBusiness();
    // 150 Cyrillic letters are 300 bytes: the cursor falls back to looking the name up by id.
    const names = ['Б', 'В', 'Г', 'Д'].map((letter) => letter.repeat(150));
    const made: string[] = [];
    for (const name of names.reverse()) made.push(await addCustomer(crowded, { name }));
    const caller = tenantCaller(crowded.id);
    const first = await caller.workspace.customers.listCustomers({ sort: 'name_asc', limit: 3 });
    expect(first.next_cursor!.length).to.be.at.most(500);
    const second = await caller.workspace.customers.listCustomers({
      sort: 'name_asc',
      limit: 3,
      cursor: first.next_cursor!,
    });
    expect([...first.items, ...second.items].map((item) => item.name[0])).to.deep.equal(['Б', 'В', 'Г', 'Д']);
    expect(second.next_cursor).to.equal(null);
  });

  it('refuses a forged cursor, a cursor of another sort, and bad filters', async () => {
    const caller = tenantCaller(business.id);
    const nameCursor = (await caller.workspace.customers.listCustomers({ sort: 'name_asc', limit: 2 })).next_cursor!;
    await expectAppError(
      caller.workspace.customers.listCustomers({ sort: 'created_desc', cursor: nameCursor }),
      'VALIDATION_FAILED',
    );
    await expectAppError(caller.workspace.customers.listCustomers({ cursor: forgedCursor }), 'VALIDATION_FAILED');
    const badInstant = Buffer.from(JSON.stringify(['created_desc', 'yesterday', ids.maria])).toString('base64url');
    await expectAppError(caller.workspace.customers.listCustomers({ cursor: badInstant }), 'VALIDATION_FAILED');
    const yearZero = Buffer.from(JSON.stringify(['created_desc', '0000-01-01T00:00:00.000000Z', ids.maria])).toString(
      'base64url',
    );
    await expectAppError(caller.workspace.customers.listCustomers({ cursor: yearZero }), 'VALIDATION_FAILED');
    for (const input of [
      { status: 'gone' },
      { sort: 'name_desc' },
      { created_after: '2026-01-01' },
      { tag: '' },
      { tag: 'x'.repeat(51) },
      { limit: 0 },
      { limit: 101 },
    ]) {
      await expectAppError(caller.workspace.customers.listCustomers(input as never), 'VALIDATION_FAILED');
    }
  });
});
