import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createTestBusiness, expectAppError, fixedClock, fixtureEm, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';

async function sql(text: string, params: unknown[]): Promise<void> {
  await fixtureEm().getConnection().execute(text, params);
}

async function addCustomer(business: TestBusiness, name: string): Promise<string> {
  const id = randomUUID();
  await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [id, business.id, name]);
  return id;
}

async function addProperty(business: TestBusiness, customerId: string, city: string, postal: string, createdAt: string): Promise<string> {
  const id = randomUUID();
  await sql('insert into properties (id, business_id, customer_id, address_line1, city, postal_code, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)', [
    id, business.id, customerId, '1 Elm St', city, postal, createdAt, createdAt,
  ]);
  return id;
}

describe('workspace: properties and equipment', () => {
  let business: TestBusiness;
  const ids: Record<string, string> = {};
  // 2026-11-20 18:00 UTC is still 2026-11-20 in Chicago.
  const clock = fixedClock('2026-11-20T18:00:00Z');

  before(async () => {
    business = await createTestBusiness({ timeZone: 'America/Chicago' });
    const other = await createTestBusiness();
    ids.alice = await addCustomer(business, 'Alice');
    ids.bob = await addCustomer(business, 'Bob');
    ids.foreignCustomer = await addCustomer(other, 'Foreign');
    ids.home = await addProperty(business, ids.alice, 'Austin', '78701', '2026-01-01T00:00:00Z');
    ids.cabin = await addProperty(business, ids.alice, 'Round Rock', '78664', '2026-02-01T00:00:00Z');
    ids.shop = await addProperty(business, ids.bob, 'austin', '78704', '2026-03-01T00:00:00Z');
    ids.foreign = await addProperty(other, ids.foreignCustomer, 'Austin', '78701', '2026-04-01T00:00:00Z');
    ids.ac = randomUUID();
    ids.heater = randomUUID();
    await sql("insert into equipment (id, business_id, property_id, equipment_type, make, installed_on, warranty_expires_on) values (?, ?, ?, 'Air conditioner', 'Trane', '2020-05-01', '2026-11-20')", [ids.ac, business.id, ids.home]);
    await sql("insert into equipment (id, business_id, property_id, equipment_type, make, warranty_expires_on) values (?, ?, ?, 'Water heater', 'Rheem', '2026-11-19')", [ids.heater, business.id, ids.home]);
    const job = async (number: number, status: string, completedAt: string | null) => {
      const id = randomUUID();
      await sql('insert into jobs (id, business_id, number, customer_id, property_id, title, status, completed_at, currency) values (?, ?, ?, ?, ?, ?, ?, ?, ?)', [
        id, business.id, number, ids.alice, ids.home, `Job ${number}`, status, completedAt, 'USD',
      ]);
      return id;
    };
    ids.job1 = await job(1, 'completed', '2026-10-01T15:00:00Z');
    ids.job2 = await job(2, 'completed', '2026-11-01T15:00:00Z');
    ids.job3 = await job(3, 'scheduled', null);
    await sql("insert into visits (id, business_id, job_id, scheduled_start, scheduled_end, status) values (?, ?, ?, '2026-11-25T15:00:00Z', '2026-11-25T16:00:00Z', 'scheduled')", [randomUUID(), business.id, ids.job3]);
    await sql("insert into visits (id, business_id, job_id, scheduled_start, scheduled_end, status) values (?, ?, ?, '2026-11-10T15:00:00Z', '2026-11-10T16:00:00Z', 'scheduled')", [randomUUID(), business.id, ids.job3]);
  });

  it('list-properties filters by customer, city (any case) and postal code, oldest first, across pages', async () => {
    const caller = tenantCaller(business.id);
    expect((await caller.workspace.properties.listProperties({})).items.map((property) => property.id)).to.deep.equal([ids.home, ids.cabin, ids.shop]);
    expect((await caller.workspace.properties.listProperties({ customer_id: ids.alice! })).items.map((property) => property.id)).to.deep.equal([ids.home, ids.cabin]);
    expect((await caller.workspace.properties.listProperties({ city: 'AUSTIN' })).items.map((property) => property.id)).to.deep.equal([ids.home, ids.shop]);
    expect((await caller.workspace.properties.listProperties({ postal_code: '78664' })).items.map((property) => property.id)).to.deep.equal([ids.cabin]);
    const first = await caller.workspace.properties.listProperties({ limit: 2 });
    expect((await caller.workspace.properties.listProperties({ limit: 2, cursor: first.next_cursor! })).items.map((property) => property.id)).to.deep.equal([ids.shop]);
    await expectAppError(caller.workspace.properties.listProperties({ customer_id: ids.foreignCustomer! }), 'RESOURCE_NOT_FOUND');
  });

  it('get-property summarises equipment and job history against the fixed clock', async () => {
    const home = await tenantCaller(business.id, { clock }).workspace.properties.getProperty({ property_id: ids.home! });
    expect(home.customer).to.deep.equal({ id: ids.alice, name: 'Alice' });
    // The AC warranty runs through today (2026-11-20 local): still covered; the heater's ended yesterday.
    expect(home.equipment.map((item) => [item.type, item.under_warranty])).to.deep.equal([['Air conditioner', true], ['Water heater', false]]);
    expect(home.job_history).to.deep.equal({
      jobs_by_status: { completed: 2, scheduled: 1 },
      last_completed_job: { id: ids.job2, number: 2, title: 'Job 2', completed_at: '2026-11-01T15:00:00.000Z' },
      // The visit on the 10th is in the past of the fixed clock.
      next_visit_start: '2026-11-25T15:00:00.000Z',
    });
    const cabin = await tenantCaller(business.id, { clock }).workspace.properties.getProperty({ property_id: ids.cabin! });
    expect(cabin.job_history).to.deep.equal({ jobs_by_status: {}, last_completed_job: null, next_visit_start: null });
    await expectAppError(tenantCaller(business.id).workspace.properties.getProperty({ property_id: ids.foreign! }), 'RESOURCE_NOT_FOUND');
  });

  it('list-property-equipment pages by type and refuses foreign properties', async () => {
    const caller = tenantCaller(business.id, { clock });
    const first = await caller.workspace.properties.listPropertyEquipment({ property_id: ids.home!, limit: 1 });
    expect(first.items.map((item) => item.id)).to.deep.equal([ids.ac]);
    const second = await caller.workspace.properties.listPropertyEquipment({ property_id: ids.home!, limit: 1, cursor: first.next_cursor! });
    expect(second).to.deep.include({ next_cursor: null });
    expect(second.items.map((item) => item.id)).to.deep.equal([ids.heater]);
    await expectAppError(caller.workspace.properties.listPropertyEquipment({ property_id: ids.foreign! }), 'RESOURCE_NOT_FOUND');
    await expectAppError(caller.workspace.properties.listPropertyEquipment({ property_id: 'x' }), 'VALIDATION_FAILED');
  });
});
