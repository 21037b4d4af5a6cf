import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createTestBusiness, expectAppError, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';
import { addContact, addCustomer, forgedCursor } from './fixtures.ts';

describe('workspace: list-customer-contacts', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  const ids: Record<string, string> = {};

  before(async () => {
    business = await createTestBusiness();
    other = await createTestBusiness();
    ids.maria = await addCustomer(business, { name: 'Maria Garcia' });
    ids.empty = await addCustomer(business, { name: 'No Contacts' });
    ids.zoe = await addContact(business, ids.maria!, 'Zoe Garcia', {
      role: 'Owner',
      email: 'zoe@example.com',
      phone: '512-555-0100',
      isPrimary: true,
    });
    ids.luis = await addContact(business, ids.maria!, 'Luis Garcia', { role: 'Spouse' });
    ids.ana = await addContact(business, ids.maria!, 'ana (nanny)');
    ids.bob1 = await addContact(business, ids.maria!, 'Bob');
    ids.bob2 = await addContact(business, ids.maria!, 'Bob');
    ids.foreign = await addCustomer(other, { name: 'Maria Garcia' });
    await addContact(other, ids.foreign!, 'Foreign Contact', { isPrimary: true });
  });

  const [bobFirst, bobSecond] = [() => [ids.bob1!, ids.bob2!].sort()[0], () => [ids.bob1!, ids.bob2!].sort()[1]];

  it('lists the primary contact first, then by name in byte order, ties by id', async () => {
    const page = await tenantCaller(business.id).workspace.customers.listCustomerContacts({ customer_id: ids.maria! });
    expect(page.next_cursor).to.equal(null);
    expect(page.items[0]).to.deep.equal({
      id: ids.zoe,
      name: 'Zoe Garcia',
      role: 'Owner',
      email: 'zoe@example.com',
      phone: '512-555-0100',
      is_primary: true,
    });
    expect(page.items.map((contact) => contact.id)).to.deep.equal([
      ids.zoe,
      bobFirst(),
      bobSecond(),
      ids.luis,
      ids.ana,
    ]);
  });

  it('pages without duplicates or gaps', async () => {
    const caller = tenantCaller(business.id);
    const first = await caller.workspace.customers.listCustomerContacts({ customer_id: ids.maria!, limit: 2 });
    const second = await caller.workspace.customers.listCustomerContacts({
      customer_id: ids.maria!,
      limit: 2,
      cursor: first.next_cursor!,
    });
    const third = await caller.workspace.customers.listCustomerContacts({
      customer_id: ids.maria!,
      limit: 2,
      cursor: second.next_cursor!,
    });
    expect(third.next_cursor).to.equal(null);
    expect([...first.items, ...second.items, ...third.items].map((contact) => contact.id)).to.deep.equal([
      ids.zoe,
      bobFirst(),
      bobSecond(),
      ids.luis,
      ids.ana,
    ]);
  });

  it('answers an empty list for a customer without contacts, but not found for an unknown or foreign customer', async () => {
    const caller = tenantCaller(business.id);
    expect(await caller.workspace.customers.listCustomerContacts({ customer_id: ids.empty! })).to.deep.equal({
      items: [],
      next_cursor: null,
    });
    await expectAppError(
      caller.workspace.customers.listCustomerContacts({ customer_id: randomUUID() }),
      'RESOURCE_NOT_FOUND',
    );
    await expectAppError(
      caller.workspace.customers.listCustomerContacts({ customer_id: ids.foreign! }),
      'RESOURCE_NOT_FOUND',
    );
  });

  it('refuses a malformed id and a forged cursor', async () => {
    const caller = tenantCaller(business.id);
    await expectAppError(caller.workspace.customers.listCustomerContacts({ customer_id: '123' }), 'VALIDATION_FAILED');
    await expectAppError(
      caller.workspace.customers.listCustomerContacts({ customer_id: ids.maria!, cursor: forgedCursor }),
      'VALIDATION_FAILED',
    );
  });
});
