import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createTestBusiness, expectAppError, fixedClock, fixtureEm, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';

async function sql<T = Record<string, unknown>>(text: string, params: unknown[]): Promise<T[]> {
  return fixtureEm().getConnection().execute<T[]>(text, params, 'all');
}

async function count(table: string, businessId: string): Promise<number> {
  const [row] = await sql<{ n: number }>(`select count(*)::int as n from ${table} where business_id = ?`, [businessId]);
  return row!.n;
}

describe('workspace: customers', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  const ids: Record<string, string> = {};
  const clock = fixedClock('2026-11-20T18:00:00Z');

  async function customer(name: string, fields: { email?: string; phone?: string; city?: string; status?: string; createdAt: string }): Promise<string> {
    const id = randomUUID();
    await sql('insert into customers (id, business_id, name, email, phone, city, status, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)', [
      id, business.id, name, fields.email ?? null, fields.phone ?? null, fields.city ?? null, fields.status ?? 'active', fields.createdAt, fields.createdAt,
    ]);
    return id;
  }

  before(async () => {
    business = await createTestBusiness();
    other = await createTestBusiness();
    ids.maria = await customer('Maria Garcia', { email: 'maria@example.com', phone: '(512) 555-0100', city: 'Austin', createdAt: '2026-01-01T00:00:00Z' });
    ids.mario = await customer('Mario Rossi', { email: 'mario@example.com', phone: '512-555-0199', city: 'Round Rock', createdAt: '2026-02-01T00:00:00Z' });
    ids.garcia = await customer('Ana Lopez', { email: 'ana.garcia@example.com', city: 'Austin', status: 'inactive', createdAt: '2026-03-01T00:00:00Z' });
    const foreign = randomUUID();
    await sql('insert into customers (id, business_id, name, email) values (?, ?, ?, ?)', [foreign, other.id, 'Maria Garcia', 'maria@example.com']);
    ids.foreign = foreign;
    ids.vip = randomUUID();
    await sql("insert into tags (id, business_id, name) values (?, ?, 'VIP')", [ids.vip, business.id]);
    await sql('insert into customer_tags (business_id, customer_id, tag_id) values (?, ?, ?)', [business.id, ids.maria, ids.vip]);
    await sql("insert into customer_contacts (id, business_id, customer_id, name, role, is_primary) values (?, ?, ?, 'Maria Garcia', 'Owner', true)", [randomUUID(), business.id, ids.maria]);
    await sql("insert into customer_contacts (id, business_id, customer_id, name, role, is_primary) values (?, ?, ?, 'Luis Garcia', 'Spouse', false)", [randomUUID(), business.id, ids.maria]);
    // Money: invoice 101 open 100.00 due 11-10 (overdue), 40.00 paid; invoice 102 open 50.00 due 12-01; invoice 103 paid.
    const invoice = async (number: number, status: string, total: number, due: string) => {
      const id = randomUUID();
      await sql("insert into invoices (id, business_id, number, customer_id, status, issued_on, due_on, currency, subtotal_minor, total_minor, created_at) values (?, ?, ?, ?, ?, '2026-11-01', ?, 'USD', ?, ?, '2026-11-01T12:00:00Z')", [
        id, business.id, number, ids.maria, status, due, total, total,
      ]);
      return id;
    };
    ids.inv1 = await invoice(101, 'open', 10_000, '2026-11-10');
    await invoice(102, 'open', 5_000, '2026-12-01');
    await invoice(103, 'paid', 7_000, '2026-11-05');
    await sql("insert into payments (id, business_id, customer_id, invoice_id, amount_minor, currency, method, received_at) values (?, ?, ?, ?, 4000, 'USD', 'card', '2026-11-15T12:00:00Z')", [randomUUID(), business.id, ids.maria, ids.inv1]);
    ids.job = randomUUID();
    await sql("insert into jobs (id, business_id, number, customer_id, title, status, currency, total_minor, subtotal_minor, created_at) values (?, ?, 1, ?, 'Fix AC', 'completed', 'USD', 10000, 10000, '2026-11-01T09:00:00Z')", [ids.job, business.id, ids.maria]);
    await sql("insert into job_notes (id, business_id, job_id, author_name, body, created_at) values (?, ?, ?, 'Tess', 'Replaced capacitor', '2026-11-02T09:00:00Z')", [randomUUID(), business.id, ids.job]);
  });

  it('search-customers finds by e-mail, phone in any format, name prefix, contained text and misspelling; never another business', async () => {
    const caller = tenantCaller(business.id);
    const search = async (query: string) => (await caller.workspace.customers.searchCustomers({ query })).items.map((item) => item.id);
    expect((await search('MARIA@example.com'))[0]).to.equal(ids.maria);
    expect(await search('5125550100')).to.deep.equal([ids.maria]);
    expect((await search('mari')).slice(0, 2)).to.deep.equal([ids.maria, ids.mario]);
    // "garcia" starts no name but is contained in two: Ana Lopez (e-mail) and Maria Garcia (name), by name.
    expect(await search('garcia')).to.deep.equal([ids.garcia, ids.maria]);
    expect(await search('Garciaa')).to.include(ids.maria);
    expect(await search('zzqq')).to.deep.equal([]);
    for (const id of await search('maria')) expect(id).not.to.equal(ids.foreign);
    await expectAppError(caller.workspace.customers.searchCustomers({ query: 'm' }), 'VALIDATION_FAILED');
  });

  it('list-customers filters by status, tag (any case) and created_after, sorts three ways, and refuses a cursor of another sort', async () => {
    const caller = tenantCaller(business.id);
    const list = async (input: Parameters<typeof caller.workspace.customers.listCustomers>[0]) => (await caller.workspace.customers.listCustomers(input)).items.map((item) => item.id);
    expect(await list({})).to.deep.equal([ids.garcia, ids.mario, ids.maria]);
    expect(await list({ sort: 'created_asc' })).to.deep.equal([ids.maria, ids.mario, ids.garcia]);
    expect(await list({ sort: 'name_asc' })).to.deep.equal([ids.garcia, ids.maria, ids.mario]);
    expect(await list({ status: 'inactive' })).to.deep.equal([ids.garcia]);
    expect(await list({ tag: 'vip' })).to.deep.equal([ids.maria]);
    expect(await list({ created_after: '2026-02-01T00:00:00Z' })).to.deep.equal([ids.garcia, ids.mario]);
    const first = await caller.workspace.customers.listCustomers({ sort: 'name_asc', limit: 2 });
    expect((await caller.workspace.customers.listCustomers({ sort: 'name_asc', limit: 2, cursor: first.next_cursor! })).items.map((item) => item.id)).to.deep.equal([ids.mario]);
    await expectAppError(caller.workspace.customers.listCustomers({ sort: 'created_desc', cursor: first.next_cursor! }), 'VALIDATION_FAILED');
  });

  it('get-customer: tags, contacts (primary first) and balances worked out by hand', async () => {
    const maria = await tenantCaller(business.id, { clock }).workspace.customers.getCustomer({ customer_id: ids.maria! });
    expect(maria.tags).to.deep.equal(['VIP']);
    expect(maria.contacts.map((contact) => [contact.name, contact.is_primary])).to.deep.equal([['Maria Garcia', true], ['Luis Garcia', false]]);
    // Open: 101 (100.00 - 40.00 = 60.00, overdue since 11-10) + 102 (50.00, not due) = 110.00; overdue 60.00.
    expect(maria.balances).to.deep.equal({ outstanding_minor: 11_000, overdue_minor: 6_000, open_invoice_count: 2, job_count: 1, currency: 'USD' });
    await expectAppError(tenantCaller(business.id).workspace.customers.getCustomer({ customer_id: ids.foreign! }), 'RESOURCE_NOT_FOUND');
  });

  it('list-customer-contacts and get-customer-activity; foreign customers are not found', async () => {
    const caller = tenantCaller(business.id, { clock });
    expect((await caller.workspace.customers.listCustomerContacts({ customer_id: ids.maria! })).items.map((contact) => contact.name)).to.deep.equal(['Luis Garcia', 'Maria Garcia']);
    const activity = await caller.workspace.customers.getCustomerActivity({ customer_id: ids.maria! });
    expect(activity.items.map((entry) => entry.type)).to.deep.equal(['payment', 'note', 'job', 'invoice', 'invoice', 'invoice']);
    expect(activity.items[0]?.summary).to.equal('Payment of 40.00 USD by card (succeeded)');
    const paged = await caller.workspace.customers.getCustomerActivity({ customer_id: ids.maria!, limit: 4 });
    const rest = await caller.workspace.customers.getCustomerActivity({ customer_id: ids.maria!, limit: 4, cursor: paged.next_cursor! });
    expect([...paged.items, ...rest.items].map((entry) => entry.id)).to.deep.equal(activity.items.map((entry) => entry.id));
    expect((await caller.workspace.customers.getCustomerActivity({ customer_id: ids.maria!, since: '2026-11-10T00:00:00Z' })).items.map((entry) => entry.type)).to.deep.equal(['payment']);
    await expectAppError(caller.workspace.customers.listCustomerContacts({ customer_id: ids.foreign! }), 'RESOURCE_NOT_FOUND');
    await expectAppError(caller.workspace.customers.getCustomerActivity({ customer_id: ids.foreign! }), 'RESOURCE_NOT_FOUND');
  });

  describe('create-customer', () => {
    it('stores the customer with its tags (reusing existing ones), answers the stored record, and writes one outbox event in the same transaction', async () => {
      const eventsBefore = await count('outbox_events', business.id);
      const created = await tenantCaller(business.id, { clock }).workspace.customers.createCustomer({
        name: '  Nora Nguyen ',
        email: 'Nora@Example.com',
        phone: '+1 (512) 555-0142',
        address: { line1: '9 Pecan St', city: 'Austin', region: 'TX', postal_code: '78704', country: 'US' },
        tags: ['vip', 'New Tag'],
        notes: 'Prefers mornings',
      });
      expect(created).to.deep.include({ name: 'Nora Nguyen', email: 'Nora@Example.com', status: 'active', tags: ['New Tag', 'VIP'], notes: 'Prefers mornings' });
      expect(created.address).to.deep.equal({ line1: '9 Pecan St', line2: null, city: 'Austin', region: 'TX', postal_code: '78704', country: 'US' });
      expect(created.balances).to.deep.include({ outstanding_minor: 0, job_count: 0 });
      expect(await tenantCaller(business.id, { clock }).workspace.customers.getCustomer({ customer_id: created.id })).to.deep.equal(created);
      const events = await sql<{ event_type: string; aggregate_id: string; payload: { id: string; email: string } }>(
        'select event_type, aggregate_id, payload from outbox_events where business_id = ? and aggregate_id = ?',
        [business.id, created.id],
      );
      expect(events).to.have.length(1);
      expect(events[0]).to.deep.include({ event_type: 'customer.created', aggregate_id: created.id });
      expect(events[0]!.payload).to.deep.include({ id: created.id, email: 'Nora@Example.com' });
      expect(await count('outbox_events', business.id)).to.equal(eventsBefore + 1);
      expect(await count('tags', business.id)).to.equal(2);
    });

    it('refuses a duplicate e-mail in any letter case and writes nothing; the same e-mail in another business is fine', async () => {
      const before = await Promise.all(['customers', 'outbox_events', 'tags'].map((table) => count(table, business.id)));
      const conflict = await expectAppError(
        tenantCaller(business.id).workspace.customers.createCustomer({ name: 'Copy', email: 'MARIA@EXAMPLE.COM', tags: ['Brand New'] }),
        'CONFLICT',
      );
      expect(conflict.message).to.contain(ids.maria);
      expect(await Promise.all(['customers', 'outbox_events', 'tags'].map((table) => count(table, business.id)))).to.deep.equal(before);
      const elsewhere = await createTestBusiness();
      expect((await tenantCaller(elsewhere.id).workspace.customers.createCustomer({ name: 'Same Mail', email: 'maria@example.com' })).email).to.equal('maria@example.com');
    });

    it('validates every field and needs the write scope; nothing is written on refusal', async () => {
      const before = await count('customers', business.id);
      const caller = tenantCaller(business.id);
      for (const input of [
        { name: '   ' },
        { name: 'X', email: 'not-an-email' },
        { name: 'X', phone: '12' },
        { name: 'X', phone: 'call me maybe 5551234567' },
        { name: 'X', address: { country: 'usa' } },
        { name: 'X', tags: Array.from({ length: 21 }, (_, index) => `t${index}`) },
        { name: 'x'.repeat(201) },
      ]) {
        await expectAppError(caller.workspace.customers.createCustomer(input as never), 'VALIDATION_FAILED');
      }
      await expectAppError(tenantCaller(business.id, { scopes: ['workspace:read'] }).workspace.customers.createCustomer({ name: 'No Scope' }), 'INSUFFICIENT_SCOPE');
      expect(await count('customers', business.id)).to.equal(before);
    });

    it('lets exactly one of two racing creations with the same e-mail through', async () => {
      const email = `race-${randomUUID().slice(0, 8)}@example.com`;
      const results = await Promise.allSettled([0, 1].map((index) => tenantCaller(business.id).workspace.customers.createCustomer({ name: `Racer ${index}`, email })));
      expect(results.filter((result) => result.status === 'fulfilled')).to.have.length(1);
      const rejected = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
      expect((rejected.reason as { appCode?: string }).appCode).to.equal('CONFLICT');
    });
  });
});
