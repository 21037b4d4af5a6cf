import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { service } from '../../helpers/root-hooks.ts';
import { countRows, sql } from '../../helpers/sql.ts';
import {
  createTestBusiness,
  expectAppError,
  fixedClock,
  fixtureEm,
  tenantCaller,
  type TestBusiness,
} from '../../helpers/workspace.ts';
import { addCustomer, addTag } from './fixtures.ts';

const written = ['customers', 'customer_tags', 'tags', 'outbox_events'];

async function snapshot(businessId: string): Promise<number[]> {
  return Promise.all(written.map((table) => countRows(table, businessId)));
}

describe('workspace: create-customer', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  const ids: Record<string, string> = {};
  const clock = fixedClock('2026-11-20T18:00:00.123Z');

  before(async () => {
    business = await createTestBusiness({ currency: 'USD' });
    other = await createTestBusiness();
    ids.maria = await addCustomer(business, { name: 'Maria Garcia', email: 'maria@example.com' });
    ids.vip = await addTag(business, 'VIP');
    ids.otherTag = await addTag(other, 'New Tag');
  });

  it('stores the customer and its tags, answers the stored record and writes exactly one outbox event with it', async () => {
    const tagsBefore = await countRows('tags', business.id);
    const created = await tenantCaller(business.id, { clock }).workspace.customers.createCustomer({
      name: '  Nora Nguyen ',
      company_name: 'Nguyen Dental',
      email: 'Nora@Example.com',
      phone: '+1 (512) 555-0142',
      address: { line1: '9 Pecan St', line2: '', city: 'Austin', region: 'TX', postal_code: '78704', country: 'US' },
      // "vip" is the existing VIP; "New Tag" and "new tag" are one new tag, spelled as first given.
      tags: ['vip', 'New Tag', 'new tag', ' VIP '],
      notes: 'Prefers mornings',
    });
    const [tag] = await sql<{ id: string; name: string }>(
      "select id, name from tags where business_id = ? and name = 'New Tag'",
      [business.id],
    );
    expect(created).to.deep.equal({
      id: created.id,
      name: 'Nora Nguyen',
      company_name: 'Nguyen Dental',
      email: 'Nora@Example.com',
      phone: '+1 (512) 555-0142',
      status: 'active',
      address: { line1: '9 Pecan St', line2: null, city: 'Austin', region: 'TX', postal_code: '78704', country: 'US' },
      tags: ['New Tag', 'VIP'],
      created_at: '2026-11-20T18:00:00.123Z',
      notes: 'Prefers mornings',
      contacts: [],
      contact_count: 0,
      properties: [],
      property_count: 0,
      balances: { outstanding_minor: 0, overdue_minor: 0, open_invoice_count: 0, job_count: 0, currency: 'USD' },
    });
    expect(tag).to.not.equal(undefined);
    expect(tag!.id).to.not.equal(ids.otherTag);
    expect(await countRows('tags', business.id)).to.equal(tagsBefore + 1);
    const tagged = await sql<{ tag_id: string }>(
      'select tag_id from customer_tags where business_id = ? and customer_id = ?',
      [business.id, created.id],
    );
    expect(tagged.map((row) => row.tag_id)).to.have.members([ids.vip, tag!.id]);

    const events = await sql<{
      event_type: string;
      aggregate_type: string;
      aggregate_id: string;
      payload: unknown;
      created_at: Date;
      published_at: Date | null;
    }>(
      'select event_type, aggregate_type, aggregate_id, payload, created_at, published_at from outbox_events where business_id = ?',
      [business.id],
    );
    expect(events).to.have.length(1);
    expect(events[0]).to.deep.include({
      event_type: 'customer.created',
      aggregate_type: 'customer',
      aggregate_id: created.id,
      published_at: null,
    });
    expect(events[0]!.payload).to.deep.equal(created);
    expect(new Date(events[0]!.created_at).toISOString()).to.equal('2026-11-20T18:00:00.123Z');

    // Read back through the other tools: visible in its business only.
    expect(
      await tenantCaller(business.id, { clock }).workspace.customers.getCustomer({ customer_id: created.id }),
    ).to.deep.equal(created);
    expect(
      (await tenantCaller(business.id).workspace.customers.listCustomers({ tag: 'new tag' })).items.map(
        (item) => item.id,
      ),
    ).to.deep.equal([created.id]);
    expect(
      (await tenantCaller(other.id).workspace.customers.listCustomers({ limit: 100 })).items.map((item) => item.id),
    ).not.to.include(created.id);
    expect((await tenantCaller(other.id).workspace.customers.listCustomers({ tag: 'New Tag' })).items).to.deep.equal(
      [],
    );
    await expectAppError(
      tenantCaller(other.id).workspace.customers.getCustomer({ customer_id: created.id }),
      'RESOURCE_NOT_FOUND',
    );
  });

  it('stores only the name when nothing else is given, with the status asked for', async () => {
    const created = await tenantCaller(business.id).workspace.customers.createCustomer({
      name: 'Just A Name',
      email: null,
      phone: null,
      address: null,
      status: 'inactive',
    });
    expect(created).to.deep.include({
      name: 'Just A Name',
      company_name: null,
      email: null,
      phone: null,
      status: 'inactive',
      tags: [],
      notes: null,
    });
    expect(created.address).to.deep.equal({
      line1: null,
      line2: null,
      city: null,
      region: null,
      postal_code: null,
      country: null,
    });
  });

  it('refuses a duplicate e-mail in another letter case, naming the existing customer, and writes nothing', async () => {
    const before = await snapshot(business.id);
    const conflict = await expectAppError(
      tenantCaller(business.id).workspace.customers.createCustomer({
        name: 'Copy',
        email: 'MARIA@EXAMPLE.COM',
        tags: ['Brand New'],
      }),
      'CONFLICT',
    );
    expect(conflict.message).to.contain('MARIA@EXAMPLE.COM');
    expect(conflict.message).to.contain(ids.maria);
    expect(await snapshot(business.id)).to.deep.equal(before);
  });

  it('allows an e-mail that a customer of another business uses, and says nothing about it', async () => {
    const foreign = await addCustomer(other, { name: 'Elsewhere', email: 'shared@example.com' });
    const created = await tenantCaller(business.id).workspace.customers.createCustomer({
      name: 'Shared Mail',
      email: 'Shared@Example.com',
    });
    expect(created.email).to.equal('Shared@Example.com');
    expect(JSON.stringify(created)).not.to.contain(foreign);
    // And the other way round: the other business's duplicate is its own conflict, naming its own customer.
    const conflict = await expectAppError(
      tenantCaller(other.id).workspace.customers.createCustomer({ name: 'Again', email: 'shared@example.com' }),
      'CONFLICT',
    );
    expect(conflict.message).to.contain(foreign);
    expect(conflict.message).not.to.contain(created.id);
  });

  it('validates every field and writes nothing on refusal', async () => {
    const before = await snapshot(business.id);
    const caller = tenantCaller(business.id);
    for (const input of [
      {},
      { name: '   ' },
      { name: 'x'.repeat(201) },
      { name: 'Nul\u0000Name' },
      { name: 'X', email: 'not-an-email' },
      { name: 'X', email: `${'a'.repeat(250)}@example.com` },
      { name: 'X', phone: '12' },
      { name: 'X', phone: '1234567890123456' },
      { name: 'X', phone: 'call me maybe 5551234567' },
      { name: 'X', phone: `555-0100${' '.repeat(50)}1` },
      { name: 'X', address: { country: 'usa' } },
      { name: 'X', address: { country: 'us' } },
      { name: 'X', address: { postal_code: 'x'.repeat(21) } },
      { name: 'X', tags: Array.from({ length: 21 }, (_, index) => `t${index}`) },
      { name: 'X', tags: [''] },
      { name: 'X', tags: ['x'.repeat(51)] },
      { name: 'X', notes: 'x'.repeat(5001) },
      { name: 'X', status: 'deleted' },
    ]) {
      await expectAppError(caller.workspace.customers.createCustomer(input as never), 'VALIDATION_FAILED');
    }
    expect(await snapshot(business.id)).to.deep.equal(before);
  });

  it('needs the customers write scope; a read-only caller writes nothing', async () => {
    const before = await snapshot(business.id);
    const refused = await expectAppError(
      tenantCaller(business.id, { scopes: ['workspace:read'] }).workspace.customers.createCustomer({
        name: 'No Scope',
        tags: ['Scope Tag'],
      }),
      'INSUFFICIENT_SCOPE',
    );
    // A workspace API token hears of the workspace scope, not of the OAuth-only mcp:customers:write.
    expect(refused.message).to.contain('workspace:write').and.not.to.contain('mcp:');
    expect(await snapshot(business.id)).to.deep.equal(before);
    const allowed = await tenantCaller(business.id, {
      scopes: ['mcp:customers:write'],
    }).workspace.customers.createCustomer({ name: 'Scoped' });
    expect(allowed.name).to.equal('Scoped');
  });

  it('lets exactly one of two concurrent creations with the same e-mail through', async () => {
    const email = `race-${randomUUID().slice(0, 8)}@example.com`;
    const before = await snapshot(business.id);
    const results = await Promise.allSettled(
      [0, 1].map((index) =>
        tenantCaller(business.id).workspace.customers.createCustomer({ name: `Racer ${index}`, email }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).to.have.length(1);
    const rejected = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect((rejected.reason as { appCode?: string }).appCode).to.equal('CONFLICT');
    const after = await snapshot(business.id);
    expect([after[0]! - before[0]!, after[3]! - before[3]!]).to.deep.equal([1, 1]);
  });

  it('maps the unique index firing (a creation committed between the check and the insert) to the same conflict', async function () {
    // Needs two real connections: the embedded database serialises them.
    if (service().database.kind !== 'postgresql') this.skip();
    const email = `late-${randomUUID().slice(0, 8)}@example.com`;
    const holder = randomUUID();
    const before = await snapshot(business.id);
    const transaction = await fixtureEm().getKnex().transaction();
    try {
      await transaction.raw('insert into customers (id, business_id, name, email) values (?, ?, ?, ?)', [
        holder,
        business.id,
        'Holder',
        email,
      ]);
      const pending = tenantCaller(business.id).workspace.customers.createCustomer({
        name: 'Too Late',
        email: email.toUpperCase(),
        tags: ['Late Tag'],
      });
      pending.catch(() => undefined);
      // The check cannot see the uncommitted row, so the insert waits on the unique index: commit once it does.
      let waited = false;
      for (let attempt = 0; attempt < 250 && !waited; attempt += 1) {
        const [waiting] = await sql<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        waited = waiting!.n > 0;
        if (!waited) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await transaction.commit();
      expect(waited, 'the creation waited on the unique index').to.equal(true);
      const conflict = await expectAppError(pending, 'CONFLICT');
      expect(conflict.message).to.contain(holder);
    } finally {
      if (!transaction.isCompleted()) await transaction.rollback();
    }
    const after = await snapshot(business.id);
    expect(after.map((value, index) => value - before[index]!)).to.deep.equal([1, 0, 0, 0]);
  });
});
