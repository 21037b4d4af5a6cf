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

interface Fixture {
  business: TestBusiness;
  customer: string;
  otherCustomer: string;
  property: string;
  otherCustomersProperty: string;
  jobType: string;
  tech: string;
  inactiveTech: string;
  filter: string;
  retired: string;
  taxRate: string;
  inactiveRate: string;
}

async function fixture(): Promise<Fixture> {
  const business = await createTestBusiness();
  const id = () => randomUUID();
  const f: Fixture = {
    business, customer: id(), otherCustomer: id(), property: id(), otherCustomersProperty: id(), jobType: id(), tech: id(), inactiveTech: id(),
    filter: id(), retired: id(), taxRate: id(), inactiveRate: id(),
  };
  const b = business.id;
  await sql('insert into customers (id, business_id, name) values (?, ?, ?), (?, ?, ?)', [f.customer, b, 'Carla', f.otherCustomer, b, 'Dmitri']);
  await sql("insert into properties (id, business_id, customer_id, address_line1, city, postal_code) values (?, ?, ?, '1 Oak St', 'Austin', '78701'), (?, ?, ?, '2 Elm St', 'Austin', '78702')", [
    f.property, b, f.customer, f.otherCustomersProperty, b, f.otherCustomer,
  ]);
  await sql("insert into job_types (id, business_id, name) values (?, ?, 'Repair')", [f.jobType, b]);
  await sql("insert into team_members (id, business_id, name, role, active) values (?, ?, 'Tess', 'technician', true), (?, ?, 'Ivan', 'technician', false)", [f.tech, b, f.inactiveTech, b]);
  await sql("insert into price_book_items (id, business_id, kind, name, unit_price_minor, taxable, active) values (?, ?, 'material', 'Filter', 2400, true, true), (?, ?, 'material', 'Old part', 100, true, false)", [
    f.filter, b, f.retired, b,
  ]);
  await sql("insert into tax_rates (id, business_id, name, rate_basis_points, is_default, active) values (?, ?, 'Texas', 825, true, true), (?, ?, 'Old', 500, false, false)", [f.taxRate, b, f.inactiveRate, b]);
  return f;
}

const clock = fixedClock('2026-11-20T15:00:00Z');

describe('workspace: create-job', () => {
  let f: Fixture;
  before(async () => {
    f = await fixture();
  });

  it('stores the job with computed totals, its first visit and assignees, and one outbox event; answers the stored job', async () => {
    const job = await tenantCaller(f.business.id, { clock }).workspace.jobs.createJob({
      customer_id: f.customer,
      title: ' Replace filter ',
      job_type_id: f.jobType,
      property_id: f.property,
      priority: 'high',
      schedule: { start: '2026-11-24T15:00:00Z', end: '2026-11-24T17:00:00Z' },
      assigned_team_member_ids: [f.tech],
      line_items: [
        { price_book_item_id: f.filter, quantity: 2 },
        { kind: 'custom', name: 'Labour', quantity: 1.5, unit_price_minor: 12_500, taxable: false },
        { kind: 'custom', name: 'Disposal', quantity: 1, unit_price_minor: 1_005 },
      ],
    });
    // Lines: 2 x 24.00 = 48.00 (taxable), 1.5 x 125.00 = 187.50 (not), 10.05 (taxable).
    // Subtotal 245.55; tax 8.25 % of 58.05 = 4.789 -> 4.79; total 250.34.
    expect(job).to.deep.include({ number: 1, title: 'Replace filter', status: 'scheduled', priority: 'high', subtotal_minor: 24_555, tax_minor: 479, total_minor: 25_034, currency: 'USD' });
    expect(job.line_items.map((line) => [line.position, line.kind, line.name, line.amount_minor])).to.deep.equal([
      [1, 'material', 'Filter', 4_800],
      [2, 'custom', 'Labour', 18_750],
      [3, 'custom', 'Disposal', 1_005],
    ]);
    expect(job.tax_rate).to.deep.equal({ id: f.taxRate, name: 'Texas', rate_basis_points: 825 });
    expect(job.assigned_team_members).to.deep.equal([{ id: f.tech, name: 'Tess' }]);
    expect(job.visits).to.deep.equal([{ id: job.visits[0]!.id, scheduled_start: '2026-11-24T15:00:00.000Z', scheduled_end: '2026-11-24T17:00:00.000Z', status: 'scheduled' }]);
    expect(await tenantCaller(f.business.id).workspace.jobs.getJob({ job_id: job.id })).to.deep.equal(job);
    const events = await sql<{ event_type: string; payload: { id: string; total_minor: number } }>('select event_type, payload from outbox_events where aggregate_id = ?', [job.id]);
    expect(events.map((event) => [event.event_type, event.payload.id, event.payload.total_minor])).to.deep.equal([['job.created', job.id, 25_034]]);
    expect(await count('visit_assignments', f.business.id)).to.equal(1);
  });

  it('creates an unscheduled job without lines, with the default tax rate', async () => {
    const job = await tenantCaller(f.business.id, { clock }).workspace.jobs.createJob({ customer_id: f.customer, title: 'Look at noise' });
    expect(job).to.deep.include({ status: 'unscheduled', subtotal_minor: 0, tax_minor: 0, total_minor: 0, visits: [], line_items: [] });
    expect(job.tax_rate?.id).to.equal(f.taxRate);
  });

  it('refuses every bad reference, naming the field, and writes nothing', async () => {
    const other = await fixture();
    const caller = tenantCaller(f.business.id, { clock });
    const base = { customer_id: f.customer, title: 'Probe' };
    const before = await Promise.all(['jobs', 'visits', 'job_line_items', 'outbox_events'].map((table) => count(table, f.business.id)));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, customer_id: other.customer }, 'customer_id'],
      [{ ...base, customer_id: randomUUID() }, 'customer_id'],
      [{ ...base, property_id: other.property }, 'property_id'],
      [{ ...base, property_id: f.otherCustomersProperty }, 'property_id'],
      [{ ...base, job_type_id: other.jobType }, 'job_type_id'],
      [{ ...base, assigned_team_member_ids: [other.tech] }, 'assigned_team_member_ids.0'],
      [{ ...base, assigned_team_member_ids: [f.tech, f.inactiveTech] }, 'assigned_team_member_ids.1'],
      [{ ...base, tax_rate_id: other.taxRate }, 'tax_rate_id'],
      [{ ...base, tax_rate_id: f.inactiveRate }, 'tax_rate_id'],
      [{ ...base, line_items: [{ price_book_item_id: other.filter, quantity: 1 }] }, 'line_items.0.price_book_item_id'],
      [{ ...base, line_items: [{ kind: 'custom', name: 'ok', quantity: 1, unit_price_minor: 1 }, { price_book_item_id: f.retired, quantity: 1 }] }, 'line_items.1.price_book_item_id'],
    ];
    for (const [input, field] of cases) {
      const error = await expectAppError(caller.workspace.jobs.createJob(input as never), 'RESOURCE_NOT_FOUND');
      expect(error.message, field).to.contain(`"${field}"`);
      expect(error.message).not.to.contain(other.business.id);
    }
    expect(await Promise.all(['jobs', 'visits', 'job_line_items', 'outbox_events'].map((table) => count(table, f.business.id)))).to.deep.equal(before);
  });

  it('refuses bad windows, quantities and duplicates as validation errors, and needs the jobs write scope', async () => {
    const caller = tenantCaller(f.business.id, { clock });
    const base = { customer_id: f.customer, title: 'Probe' };
    for (const input of [
      { ...base, title: '  ' },
      { ...base, schedule: { start: '2026-11-24T17:00:00Z', end: '2026-11-24T15:00:00Z' } },
      { ...base, schedule: { start: '2026-11-24T15:00:00Z', end: '2026-12-24T15:00:00Z' } },
      { ...base, schedule: { start: '2026-11-10T15:00:00Z', end: '2026-11-10T16:00:00Z' } },
      { ...base, schedule: { start: '2029-11-10T15:00:00Z', end: '2029-11-10T16:00:00Z' } },
      { ...base, line_items: [{ kind: 'custom', name: 'x', quantity: 0, unit_price_minor: 1 }] },
      { ...base, line_items: [{ kind: 'custom', name: 'x', quantity: 1.0005, unit_price_minor: 1 }] },
      { ...base, line_items: [{ kind: 'custom', name: 'x', quantity: 1, unit_price_minor: -1 }] },
      { ...base, assigned_team_member_ids: [f.tech, f.tech] },
    ]) {
      await expectAppError(caller.workspace.jobs.createJob(input as never), 'VALIDATION_FAILED');
    }
    const before = await count('jobs', f.business.id);
    await expectAppError(tenantCaller(f.business.id, { scopes: ['workspace:read'] }).workspace.jobs.createJob(base), 'INSUFFICIENT_SCOPE');
    await expectAppError(
      tenantCaller(f.business.id, { principal: { kind: 'oauth', businessId: f.business.id, userId: 'u', clientId: 'c', tokenId: 't', scopes: ['mcp:read', 'mcp:customers:write'] } }).workspace.jobs.createJob(base),
      'INSUFFICIENT_SCOPE',
    );
    expect(await count('jobs', f.business.id)).to.equal(before);
  });

  it('numbers concurrent creations consecutively, never twice the same', async () => {
    const own = await fixture();
    const jobs = await Promise.all(Array.from({ length: 5 }, (_, index) => tenantCaller(own.business.id, { clock }).workspace.jobs.createJob({ customer_id: own.customer, title: `Parallel ${index}` })));
    expect(jobs.map((job) => job.number).sort()).to.deep.equal([1, 2, 3, 4, 5]);
  });
});
