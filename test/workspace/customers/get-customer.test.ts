import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { sql } from '../../helpers/sql.ts';
import {
  createTestBusiness,
  expectAppError,
  fixedClock,
  tenantCaller,
  type TestBusiness,
} from '../../helpers/workspace.ts';
import { addContact, addCustomer, addInvoice, addJob, addPayment, addProperty, addTag } from './fixtures.ts';

describe('workspace: get-customer', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  const ids: Record<string, string> = {};
  // 03:00 UTC on the 21st is still the 20th (21:00) in Chicago: "today" for due dates is 2026-11-20.
  const clock = fixedClock('2026-11-21T03:00:00Z');

  before(async () => {
    business = await createTestBusiness({ timeZone: 'America/Chicago', currency: 'CAD' });
    other = await createTestBusiness({ currency: 'EUR' });
    ids.maria = await addCustomer(business, {
      name: 'Maria Garcia',
      email: 'maria@example.com',
      phone: '(512) 555-0100',
      city: 'Austin',
      createdAt: '2026-01-02T03:04:05.678Z',
    });
    await sql(
      "update customers set notes = 'Gate code 1234', company_name = 'Garcia Bakery', country = 'US', region = 'TX' where id = ?",
      [ids.maria],
    );
    await addTag(business, 'VIP', [ids.maria!]);
    await addTag(business, 'Commercial', [ids.maria!]);
    await addTag(business, 'Unrelated');
    ids.luis = await addContact(business, ids.maria!, 'Luis Garcia', { role: 'Spouse', phone: '512-555-0101' });
    ids.mariaContact = await addContact(business, ids.maria!, 'Maria Garcia', {
      role: 'Owner',
      email: 'maria@example.com',
      isPrimary: true,
    });
    ids.ana = await addContact(business, ids.maria!, 'ana (nanny)');
    ids.house = await addProperty(business, ids.maria!, '12 Oak St', '2026-01-03T00:00:00Z');
    ids.shop = await addProperty(business, ids.maria!, '400 Main St', '2026-01-02T00:00:00Z');

    // Balances, worked out by hand:
    //   I1 open 100.00 due 11-10: 40.00 succeeded - (10.00 refunded does not count) = 60.00 owed, overdue.
    //   I2 open  50.00 due 11-20: due today in Chicago (tomorrow in UTC terms it would be late): 50.00 owed, not overdue.
    //   I3 open  25.00 no due date: 25.00 owed, never overdue.
    //   I4 paid, I5 draft, I6 void: not owed. A payment on no invoice changes nothing.
    //   outstanding 60 + 50 + 25 = 135.00; overdue 60.00; 3 open invoices.
    const i1 = await addInvoice(business, ids.maria!, {
      status: 'open',
      totalMinor: 10_000,
      issuedOn: '2026-11-01',
      dueOn: '2026-11-10',
      createdAt: '2026-11-01T12:00:00Z',
    });
    await addPayment(business, ids.maria!, {
      invoiceId: i1.id,
      amountMinor: 4_000,
      receivedAt: '2026-11-12T12:00:00Z',
    });
    await addPayment(business, ids.maria!, {
      invoiceId: i1.id,
      amountMinor: 1_000,
      status: 'refunded',
      receivedAt: '2026-11-13T12:00:00Z',
    });
    await addInvoice(business, ids.maria!, {
      status: 'open',
      totalMinor: 5_000,
      issuedOn: '2026-11-05',
      dueOn: '2026-11-20',
      createdAt: '2026-11-05T12:00:00Z',
    });
    await addInvoice(business, ids.maria!, { status: 'open', totalMinor: 2_500, createdAt: '2026-11-06T12:00:00Z' });
    const i4 = await addInvoice(business, ids.maria!, {
      status: 'paid',
      totalMinor: 7_000,
      dueOn: '2026-11-05',
      createdAt: '2026-10-01T12:00:00Z',
    });
    await addPayment(business, ids.maria!, {
      invoiceId: i4.id,
      amountMinor: 7_000,
      receivedAt: '2026-10-02T12:00:00Z',
    });
    await addInvoice(business, ids.maria!, { status: 'draft', totalMinor: 3_000, createdAt: '2026-11-07T12:00:00Z' });
    await addInvoice(business, ids.maria!, {
      status: 'void',
      totalMinor: 2_000,
      dueOn: '2026-11-01',
      createdAt: '2026-10-07T12:00:00Z',
    });
    await addPayment(business, ids.maria!, { amountMinor: 999, receivedAt: '2026-11-14T12:00:00Z' });
    await addJob(business, ids.maria!, { title: 'Fix AC', status: 'completed', createdAt: '2026-11-01T09:00:00Z' });
    await addJob(business, ids.maria!, {
      title: 'Cancelled call',
      status: 'cancelled',
      createdAt: '2026-11-02T09:00:00Z',
    });

    ids.bare = await addCustomer(business, { name: 'Bare Customer' });
    ids.big = await addCustomer(business, { name: 'Big Co' });
    for (let index = 0; index < 51; index += 1)
      await addContact(business, ids.big!, `Contact ${String(index).padStart(2, '0')}`);

    // Another business: a customer with money owed, which must not count here.
    ids.foreign = await addCustomer(other, { name: 'Maria Garcia', email: 'maria@example.com' });
    await addInvoice(other, ids.foreign!, {
      status: 'open',
      totalMinor: 99_900,
      dueOn: '2026-01-01',
      createdAt: '2026-01-01T00:00:00Z',
    });
  });

  it('answers the customer with tags, contacts (primary first), properties (oldest first) and balances worked out by hand', async () => {
    const maria = await tenantCaller(business.id, { clock }).workspace.customers.getCustomer({
      customer_id: ids.maria!,
    });
    expect(maria).to.deep.equal({
      id: ids.maria,
      name: 'Maria Garcia',
      company_name: 'Garcia Bakery',
      email: 'maria@example.com',
      phone: '(512) 555-0100',
      status: 'active',
      address: { line1: null, line2: null, city: 'Austin', region: 'TX', postal_code: null, country: 'US' },
      tags: ['Commercial', 'VIP'],
      created_at: '2026-01-02T03:04:05.678Z',
      notes: 'Gate code 1234',
      contacts: [
        {
          id: ids.mariaContact,
          name: 'Maria Garcia',
          role: 'Owner',
          email: 'maria@example.com',
          phone: null,
          is_primary: true,
        },
        { id: ids.luis, name: 'Luis Garcia', role: 'Spouse', email: null, phone: '512-555-0101', is_primary: false },
        { id: ids.ana, name: 'ana (nanny)', role: null, email: null, phone: null, is_primary: false },
      ],
      contact_count: 3,
      properties: [
        { id: ids.shop, name: null, line1: '400 Main St', city: 'Austin', region: 'TX', postal_code: '78701' },
        { id: ids.house, name: null, line1: '12 Oak St', city: 'Austin', region: 'TX', postal_code: '78701' },
      ],
      property_count: 2,
      balances: {
        outstanding_minor: 13_500,
        overdue_minor: 6_000,
        open_invoice_count: 3,
        job_count: 2,
        currency: 'CAD',
      },
    });
  });

  it('reads "overdue" against today in the business time zone', async () => {
    // A day later in Chicago, I2 (due 11-20) is late too: 60.00 + 50.00.
    const later = await tenantCaller(business.id, {
      clock: fixedClock('2026-11-21T07:00:00Z'),
    }).workspace.customers.getCustomer({ customer_id: ids.maria! });
    expect(later.balances.overdue_minor).to.equal(11_000);
  });

  it('answers zeros for a customer with nothing, and embeds at most 50 contacts with the full count', async () => {
    const bare = await tenantCaller(business.id).workspace.customers.getCustomer({ customer_id: ids.bare! });
    expect(bare).to.deep.include({
      tags: [],
      notes: null,
      contacts: [],
      contact_count: 0,
      properties: [],
      property_count: 0,
    });
    expect(bare.balances).to.deep.equal({
      outstanding_minor: 0,
      overdue_minor: 0,
      open_invoice_count: 0,
      job_count: 0,
      currency: 'CAD',
    });
    const big = await tenantCaller(business.id).workspace.customers.getCustomer({ customer_id: ids.big! });
    expect(big.contacts).to.have.length(50);
    expect(big.contact_count).to.equal(51);
    expect(big.contacts[49]!.name).to.equal('Contact 49');
  });

  it('answers a customer of another business exactly like an unknown one', async () => {
    const caller = tenantCaller(business.id);
    const unknownId = randomUUID();
    const unknown = await expectAppError(
      caller.workspace.customers.getCustomer({ customer_id: unknownId }),
      'RESOURCE_NOT_FOUND',
    );
    const foreign = await expectAppError(
      caller.workspace.customers.getCustomer({ customer_id: ids.foreign! }),
      'RESOURCE_NOT_FOUND',
    );
    expect(foreign.message.replace(ids.foreign!, 'ID')).to.equal(unknown.message.replace(unknownId, 'ID'));
    expect(
      (await tenantCaller(other.id).workspace.customers.getCustomer({ customer_id: ids.foreign! })).balances,
    ).to.deep.include({ outstanding_minor: 99_900, currency: 'EUR' });
  });

  it('refuses a malformed id', async () => {
    const error = await expectAppError(
      tenantCaller(business.id).workspace.customers.getCustomer({ customer_id: 'not-a-uuid' }),
      'VALIDATION_FAILED',
    );
    expect(error.message).to.contain('customer_id');
  });
});
