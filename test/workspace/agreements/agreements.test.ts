import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createTestBusiness, expectAppError, fixtureEm, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';

async function sql(text: string, params: unknown[]): Promise<void> {
  await fixtureEm().getConnection().execute(text, params);
}

async function addAgreement(business: TestBusiness, customerId: string, a: { name: string; status: string; endsOn: string; createdAt: string }): Promise<string> {
  const id = randomUUID();
  await sql(
    `insert into service_agreements (id, business_id, customer_id, name, status, starts_on, ends_on, billing_frequency, price_minor, currency, visits_per_year, created_at, updated_at)
     values (?, ?, ?, ?, ?, '2026-01-01', ?, 'monthly', 1900, 'USD', 2, ?, ?)`,
    [id, business.id, customerId, a.name, a.status, a.endsOn, a.createdAt, a.createdAt],
  );
  return id;
}

describe('workspace: service agreements', () => {
  let business: TestBusiness;
  const ids: Record<string, string> = {};

  before(async () => {
    business = await createTestBusiness();
    const other = await createTestBusiness();
    ids.customer = randomUUID();
    await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [ids.customer, business.id, 'Plan Holder']);
    const foreignCustomer = randomUUID();
    await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [foreignCustomer, other.id, 'Foreign']);
    ids.gold = await addAgreement(business, ids.customer, { name: 'Gold', status: 'active', endsOn: '2026-12-31', createdAt: '2026-01-01T00:00:00Z' });
    ids.silver = await addAgreement(business, ids.customer, { name: 'Silver', status: 'paused', endsOn: '2027-06-30', createdAt: '2026-02-01T00:00:00Z' });
    ids.foreign = await addAgreement(other, foreignCustomer, { name: 'Foreign', status: 'active', endsOn: '2026-12-31', createdAt: '2026-03-01T00:00:00Z' });
    // Gold's plan: one done (with its visit), one still planned.
    const job = randomUUID();
    await sql("insert into jobs (id, business_id, number, customer_id, title, currency) values (?, ?, 1, ?, 'Maintenance', 'USD')", [job, business.id, ids.customer]);
    ids.visit = randomUUID();
    await sql("insert into visits (id, business_id, job_id, scheduled_start, scheduled_end, status) values (?, ?, ?, '2026-04-01T15:00:00Z', '2026-04-01T16:00:00Z', 'completed')", [ids.visit, business.id, job]);
    await sql("insert into service_agreement_visits (id, business_id, agreement_id, planned_for, visit_id, status) values (?, ?, ?, '2026-04-01', ?, 'completed')", [randomUUID(), business.id, ids.gold, ids.visit]);
    await sql("insert into service_agreement_visits (id, business_id, agreement_id, planned_for, status) values (?, ?, ?, '2026-10-01', 'planned')", [randomUUID(), business.id, ids.gold]);
  });

  it('lists newest first with customer, term and next planned visit; filters by status and expiring_before', async () => {
    const caller = tenantCaller(business.id);
    const all = await caller.workspace.agreements.listServiceAgreements({});
    expect(all.items.map((agreement) => agreement.id)).to.deep.equal([ids.silver, ids.gold]);
    expect(all.items[1]).to.deep.include({
      name: 'Gold', status: 'active', customer: { id: ids.customer, name: 'Plan Holder' }, billing_frequency: 'monthly', price_minor: 1900, currency: 'USD',
      starts_on: '2026-01-01', ends_on: '2026-12-31', visits_per_year: 2, next_planned_visit: '2026-10-01',
    });
    expect((await caller.workspace.agreements.listServiceAgreements({ status: 'paused' })).items.map((agreement) => agreement.id)).to.deep.equal([ids.silver]);
    expect((await caller.workspace.agreements.listServiceAgreements({ expiring_before: '2026-12-31' })).items.map((agreement) => agreement.id)).to.deep.equal([ids.gold]);
    const first = await caller.workspace.agreements.listServiceAgreements({ limit: 1 });
    const second = await caller.workspace.agreements.listServiceAgreements({ limit: 1, cursor: first.next_cursor! });
    expect(second).to.deep.include({ next_cursor: null });
    expect(second.items[0]?.id).to.equal(ids.gold);
  });

  it('get-service-agreement shows the visit plan with counts; foreign and unknown ids are not found', async () => {
    const caller = tenantCaller(business.id);
    const gold = await caller.workspace.agreements.getServiceAgreement({ agreement_id: ids.gold! });
    expect(gold.visit_plan.map(({ planned_for, status, visit }) => ({ planned_for, status, visit }))).to.deep.equal([
      { planned_for: '2026-04-01', status: 'completed', visit: { id: ids.visit, scheduled_start: '2026-04-01T15:00:00.000Z', status: 'completed' } },
      { planned_for: '2026-10-01', status: 'planned', visit: null },
    ]);
    expect(gold).to.deep.include({ completed_visits: 1, remaining_visits: 1 });
    await expectAppError(caller.workspace.agreements.getServiceAgreement({ agreement_id: ids.foreign! }), 'RESOURCE_NOT_FOUND');
    await expectAppError(caller.workspace.agreements.getServiceAgreement({ agreement_id: randomUUID() }), 'RESOURCE_NOT_FOUND');
  });
});
