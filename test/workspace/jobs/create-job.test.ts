import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { countRows, sql } from '../../helpers/sql.ts';
import {
  createTestBusiness,
  expectAppError,
  fixedClock,
  tenantCaller,
  type TestBusiness,
} from '../../helpers/workspace.ts';
import { addCustomer, addJob, addJobType, addMember } from './fixtures.ts';

interface Fixture {
  business: TestBusiness;
  customer: string;
  otherCustomer: string;
  property: string;
  otherCustomersProperty: string;
  jobType: string;
  tech: string;
  helper: string;
  inactiveTech: string;
  filter: string;
  tuneUp: string;
  retired: string;
  texas: string;
  reduced: string;
  inactiveRate: string;
}

async function fixture(options: { currency?: string; defaultRate?: boolean } = {}): Promise<Fixture> {
  const business = await createTestBusiness({ currency: options.currency ?? 'USD' });
  const b = business.id;
  const customer = await addCustomer(business, 'Carla');
  const otherCustomer = await addCustomer(business, 'Dmitri');
  const [property, otherCustomersProperty, filter, tuneUp, retired, texas, reduced, inactiveRate] = [
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
  ];
  await sql(
    "insert into properties (id, business_id, customer_id, address_line1, city, postal_code) values (?, ?, ?, '1 Oak St', 'Austin', '78701'), (?, ?, ?, '2 Elm St', 'Austin', '78702')",
    [property, b, customer, otherCustomersProperty, b, otherCustomer],
  );
  await sql(
    `insert into price_book_items (id, business_id, kind, name, description, unit_price_minor, taxable, active) values
       (?, ?, 'material', 'Filter', 'MERV 11, 16x25', 2400, true, true),
       (?, ?, 'service', 'Tune-up', null, 8900, true, true),
       (?, ?, 'material', 'Old part', null, 100, true, false)`,
    [filter, b, tuneUp, b, retired, b],
  );
  await sql(
    "insert into tax_rates (id, business_id, name, rate_basis_points, is_default, active) values (?, ?, 'Texas', 825, ?, true), (?, ?, 'Reduced', 500, false, true), (?, ?, 'Old', 700, false, false)",
    [texas, b, options.defaultRate ?? true, reduced, b, inactiveRate, b],
  );
  return {
    business,
    customer,
    otherCustomer,
    property,
    otherCustomersProperty,
    filter,
    tuneUp,
    retired,
    texas,
    reduced,
    inactiveRate,
    jobType: await addJobType(business, 'Repair'),
    tech: await addMember(business, 'Tess'),
    helper: await addMember(business, 'Hank'),
    inactiveTech: await addMember(business, 'Ivan', false),
  };
}

const clock = fixedClock('2026-11-20T15:00:00Z');
const tables = ['jobs', 'job_line_items', 'job_assignments', 'visits', 'visit_assignments', 'outbox_events'];
const snapshot = (businessId: string) => Promise.all(tables.map((table) => countRows(table, businessId)));

describe('workspace: create-job', () => {
  let f: Fixture;
  let other: Fixture;
  before(async () => {
    f = await fixture();
    other = await fixture();
  });

  const create = (input: unknown, businessId = f.business.id) =>
    tenantCaller(businessId, { clock }).workspace.jobs.createJob(input as never);

  it('stores the job with computed totals, its first visit and assignees, and exactly one outbox event; answers the stored job', async () => {
    const job = await create({
      customer_id: f.customer,
      title: '  Replace filter  ',
      description: 'Noisy unit in the attic',
      job_type_id: f.jobType,
      property_id: f.property,
      priority: 'high',
      schedule: { start: '2026-11-24T09:00:00-06:00', end: '2026-11-24T11:00:00-06:00' },
      assigned_team_member_ids: [f.tech, f.helper],
      line_items: [
        { price_book_item_id: f.filter, quantity: 2 },
        {
          kind: 'custom',
          name: 'Labour',
          description: 'Two techs',
          quantity: 1.5,
          unit_price_minor: 12_500,
          taxable: false,
        },
        { kind: 'custom', name: 'Disposal', quantity: 1, unit_price_minor: 1_005 },
        { price_book_item_id: f.tuneUp, quantity: 0.333, unit_price_minor: 10_000 },
      ],
    });
    // Lines: 2 x 24.00 = 48.00 (taxable); 1.5 x 125.00 = 187.50 (not taxable); 10.05 (taxable);
    // 0.333 x 100.00 (price overridden) = 33.30 (taxable).
    // Subtotal 48.00 + 187.50 + 10.05 + 33.30 = 278.85; taxable 91.35; 8.25 % = 7.536375 -> 7.54; total 286.39.
    expect(job).to.deep.include({
      number: 1,
      title: 'Replace filter',
      description: 'Noisy unit in the attic',
      status: 'scheduled',
      priority: 'high',
      customer: { id: f.customer, name: 'Carla' },
      property_id: f.property,
      job_type: { id: f.jobType, name: 'Repair' },
      scheduled_start: '2026-11-24T15:00:00.000Z',
      scheduled_end: '2026-11-24T17:00:00.000Z',
      completed_at: null,
      subtotal_minor: 27_885,
      tax_minor: 754,
      total_minor: 28_639,
      currency: 'USD',
      created_at: '2026-11-20T15:00:00.000Z',
    });
    expect(job.property).to.deep.equal({
      id: f.property,
      name: null,
      line1: '1 Oak St',
      line2: null,
      city: 'Austin',
      region: null,
      postal_code: '78701',
    });
    expect(job.line_items.map(({ id: _id, ...line }) => line)).to.deep.equal([
      {
        position: 1,
        kind: 'material',
        name: 'Filter',
        description: 'MERV 11, 16x25',
        quantity: 2,
        unit_price_minor: 2_400,
        taxable: true,
        amount_minor: 4_800,
        price_book_item_id: f.filter,
      },
      {
        position: 2,
        kind: 'custom',
        name: 'Labour',
        description: 'Two techs',
        quantity: 1.5,
        unit_price_minor: 12_500,
        taxable: false,
        amount_minor: 18_750,
        price_book_item_id: null,
      },
      {
        position: 3,
        kind: 'custom',
        name: 'Disposal',
        description: null,
        quantity: 1,
        unit_price_minor: 1_005,
        taxable: true,
        amount_minor: 1_005,
        price_book_item_id: null,
      },
      {
        position: 4,
        kind: 'service',
        name: 'Tune-up',
        description: null,
        quantity: 0.333,
        unit_price_minor: 10_000,
        taxable: true,
        amount_minor: 3_330,
        price_book_item_id: f.tuneUp,
      },
    ]);
    expect(job.tax_rate).to.deep.equal({ id: f.texas, name: 'Texas', rate_basis_points: 825 });
    expect(job.assigned_team_members).to.deep.equal([
      { id: f.helper, name: 'Hank' },
      { id: f.tech, name: 'Tess' },
    ]);
    expect(job.visits).to.deep.equal([
      {
        id: job.visits[0]!.id,
        scheduled_start: '2026-11-24T15:00:00.000Z',
        scheduled_end: '2026-11-24T17:00:00.000Z',
        status: 'scheduled',
      },
    ]);

    // What is stored is what was answered.
    expect(await tenantCaller(f.business.id).workspace.jobs.getJob({ job_id: job.id })).to.deep.equal(job);
    const visitMembers = await sql<{ team_member_id: string }>(
      'select team_member_id from visit_assignments where business_id = ? and visit_id = ? order by team_member_id',
      [f.business.id, job.visits[0]!.id],
    );
    expect(visitMembers.map((row) => row.team_member_id)).to.deep.equal([f.tech, f.helper].sort());
    const events = await sql<{
      business_id: string;
      event_type: string;
      aggregate_type: string;
      payload: unknown;
      created_at: Date;
      published_at: Date | null;
    }>(
      'select business_id, event_type, aggregate_type, payload, created_at, published_at from outbox_events where aggregate_id = ?',
      [job.id],
    );
    expect(events).to.have.length(1);
    expect(events[0]).to.deep.include({
      business_id: f.business.id,
      event_type: 'job.created',
      aggregate_type: 'job',
      published_at: null,
    });
    expect(new Date(events[0]!.created_at).toISOString()).to.equal('2026-11-20T15:00:00.000Z');
    expect(events[0]!.payload).to.deep.equal(job);
  });

  it('creates an unscheduled job without lines at the default tax rate, in the business currency', async () => {
    const euro = await fixture({ currency: 'EUR' });
    const job = await create({ customer_id: euro.customer, title: 'Look at noise' }, euro.business.id);
    expect(job).to.deep.include({
      number: 1,
      status: 'unscheduled',
      priority: 'normal',
      property: null,
      job_type: null,
      description: null,
      scheduled_start: null,
      scheduled_end: null,
      subtotal_minor: 0,
      tax_minor: 0,
      total_minor: 0,
      currency: 'EUR',
      visits: [],
      line_items: [],
      assigned_team_members: [],
    });
    expect(job.tax_rate?.id).to.equal(euro.texas);
    expect(await snapshot(euro.business.id)).to.deep.equal([1, 0, 0, 0, 0, 1]);
  });

  it('assigns without a schedule (no visit), and taxes at a named rate or, without a default, not at all', async () => {
    const named = await create({
      customer_id: f.customer,
      title: 'Reduced',
      tax_rate_id: f.reduced,
      assigned_team_member_ids: [f.tech],
      line_items: [{ kind: 'custom', name: 'Part', quantity: 3, unit_price_minor: 3_333 }],
    });
    // 3 x 33.33 = 99.99; 5 % = 4.9995 -> 5.00; total 104.99.
    expect(named).to.deep.include({
      status: 'unscheduled',
      subtotal_minor: 9_999,
      tax_minor: 500,
      total_minor: 10_499,
      visits: [],
      assigned_team_members: [{ id: f.tech, name: 'Tess' }],
    });
    expect(named.tax_rate).to.deep.equal({ id: f.reduced, name: 'Reduced', rate_basis_points: 500 });

    const untaxed = await fixture({ defaultRate: false });
    const job = await create(
      {
        customer_id: untaxed.customer,
        title: 'No default rate',
        line_items: [{ price_book_item_id: untaxed.filter, quantity: 1 }],
      },
      untaxed.business.id,
    );
    expect(job).to.deep.include({ tax_rate: null, subtotal_minor: 2_400, tax_minor: 0, total_minor: 2_400 });
  });

  it('refuses every reference outside the business (or the customer) as not found, naming the field, and writes nothing', async () => {
    // A full input: if anything were written before the check failed, a job, lines, a visit or an event would show.
    const base = {
      customer_id: f.customer,
      title: 'Probe',
      property_id: f.property,
      job_type_id: f.jobType,
      tax_rate_id: f.texas,
      schedule: { start: '2026-11-25T15:00:00Z', end: '2026-11-25T16:00:00Z' },
      assigned_team_member_ids: [f.tech],
      line_items: [{ price_book_item_id: f.filter, quantity: 1 }],
    };
    const before = await snapshot(f.business.id);
    const otherBefore = await snapshot(other.business.id);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...base, customer_id: other.customer, property_id: undefined }, 'customer_id', other.customer],
      [{ ...base, property_id: other.property }, 'property_id', other.property],
      [{ ...base, property_id: f.otherCustomersProperty }, 'property_id', f.otherCustomersProperty],
      [{ ...base, job_type_id: other.jobType }, 'job_type_id', other.jobType],
      [{ ...base, assigned_team_member_ids: [other.tech] }, 'assigned_team_member_ids.0', other.tech],
      [{ ...base, assigned_team_member_ids: [f.tech, f.inactiveTech] }, 'assigned_team_member_ids.1', f.inactiveTech],
      [{ ...base, tax_rate_id: other.texas }, 'tax_rate_id', other.texas],
      [{ ...base, tax_rate_id: f.inactiveRate }, 'tax_rate_id', f.inactiveRate],
      [
        { ...base, line_items: [{ price_book_item_id: other.filter, quantity: 1 }] },
        'line_items.0.price_book_item_id',
        other.filter,
      ],
      [
        {
          ...base,
          line_items: [
            { kind: 'custom', name: 'ok', quantity: 1, unit_price_minor: 1 },
            { price_book_item_id: f.retired, quantity: 1 },
          ],
        },
        'line_items.1.price_book_item_id',
        f.retired,
      ],
    ];
    for (const [input, field, id] of cases) {
      const error = await expectAppError(create(input), 'RESOURCE_NOT_FOUND');
      expect(error.message, field).to.contain(`"${field}"`);
      expect(error.message).not.to.contain(other.business.id);
      // An id of another business is answered word for word like one that exists nowhere.
      const unknown = randomUUID();
      const unknownInput = JSON.parse(JSON.stringify(input).split(id).join(unknown)) as Record<string, unknown>;
      const unknownError = await expectAppError(create(unknownInput), 'RESOURCE_NOT_FOUND');
      expect(unknownError.message.split(unknown).join(id), field).to.equal(error.message);
    }
    expect(await snapshot(f.business.id)).to.deep.equal(before);
    expect(await snapshot(other.business.id)).to.deep.equal(otherBefore);
  });

  it('refuses bad schedule windows and accepts the limits exactly', async () => {
    const base = { customer_id: f.customer, title: 'Window' };
    const before = await snapshot(f.business.id);
    // Now is 2026-11-20T15:00Z.
    for (const [start, end, field] of [
      ['2026-11-24T17:00:00Z', '2026-11-24T15:00:00Z', 'schedule.end'], // end before start
      ['2026-11-24T15:00:00Z', '2026-11-24T15:00:00Z', 'schedule.end'], // empty
      ['2026-11-24T15:00:00Z', '2026-12-08T15:00:01Z', 'schedule.end'], // 14 days and a second
      ['2026-11-19T14:59:59Z', '2026-11-19T16:00:00Z', 'schedule.start'], // a day and a second ago
      ['2028-11-20T15:00:01Z', '2028-11-20T16:00:00Z', 'schedule.start'], // two years and a second ahead
    ] as const) {
      const error = await expectAppError(create({ ...base, schedule: { start, end } }), 'VALIDATION_FAILED');
      expect(error.message, `${start}..${end}`).to.contain(`"${field}"`);
    }
    for (const schedule of [
      { start: '2026-11-24T15:00:00', end: '2026-11-24T16:00:00' },
      { start: '2026-11-24T15:00:00Z' },
      { start: '0000-01-01T00:00:00Z', end: '0000-01-01T01:00:00Z' },
    ]) {
      await expectAppError(create({ ...base, schedule }), 'VALIDATION_FAILED');
    }
    expect(await snapshot(f.business.id)).to.deep.equal(before);
    for (const [start, end] of [
      ['2026-11-24T15:00:00Z', '2026-12-08T15:00:00Z'], // exactly 14 days
      ['2026-11-19T15:00:00Z', '2026-11-19T16:00:00Z'], // exactly a day ago
      ['2028-11-20T15:00:00Z', '2028-11-20T16:00:00Z'], // exactly two years ahead
    ] as const) {
      expect((await create({ ...base, schedule: { start, end } })).visits).to.have.length(1);
    }
  });

  it('refuses malformed input as validation errors and writes nothing', async () => {
    const base = { customer_id: f.customer, title: 'Probe' };
    const custom = (line: Record<string, unknown>) => ({
      ...base,
      line_items: [{ kind: 'custom', name: 'x', quantity: 1, unit_price_minor: 1, ...line }],
    });
    const before = await snapshot(f.business.id);
    for (const input of [
      {},
      { ...base, customer_id: 'carla' },
      { ...base, title: '   ' },
      { ...base, title: 'x'.repeat(201) },
      { ...base, title: 'nul\u0000byte' },
      { ...base, description: 'x'.repeat(5001) },
      { ...base, priority: 'asap' },
      { ...base, job_type_id: 'repair' },
      custom({ quantity: 0 }),
      custom({ quantity: -1 }),
      custom({ quantity: 1.0005 }),
      custom({ quantity: 1_000_001 }),
      custom({ unit_price_minor: -1 }),
      custom({ unit_price_minor: 1.5 }),
      custom({ unit_price_minor: 10_000_000_001 }),
      custom({ name: ' ' }),
      custom({ kind: 'service' }),
      { ...base, line_items: [{ price_book_item_id: f.filter }] },
      { ...base, line_items: [{ price_book_item_id: 'filter', quantity: 1 }] },
      {
        ...base,
        line_items: Array.from({ length: 101 }, () => ({
          kind: 'custom',
          name: 'x',
          quantity: 1,
          unit_price_minor: 1,
        })),
      },
      { ...base, assigned_team_member_ids: Array.from({ length: 21 }, () => randomUUID()) },
      { ...base, assigned_team_member_ids: [f.tech, f.helper, f.tech] },
      // 1,000,000 x 10^10 = 10^16 minor units: beyond exact arithmetic, refused rather than stored wrong.
      custom({ quantity: 1_000_000, unit_price_minor: 10_000_000_000 }),
    ]) {
      await expectAppError(create(input), 'VALIDATION_FAILED');
    }
    const duplicate = await expectAppError(
      create({ ...base, assigned_team_member_ids: [f.tech, f.helper, f.tech] }),
      'VALIDATION_FAILED',
    );
    expect(duplicate.message).to.contain('"assigned_team_member_ids.2"');
    expect(await snapshot(f.business.id)).to.deep.equal(before);
  });

  it('accepts the largest quantities and prices that stay exact', async () => {
    // 999,999.999 x 9,000,000 = 8,999,999,991,000 minor units; untaxed.
    const job = await create({
      customer_id: f.customer,
      title: 'Big',
      tax_rate_id: f.reduced,
      line_items: [
        { kind: 'custom', name: 'Bulk', quantity: 999_999.999, unit_price_minor: 9_000_000, taxable: false },
      ],
    });
    expect(job).to.deep.include({ subtotal_minor: 8_999_999_991_000, tax_minor: 0, total_minor: 8_999_999_991_000 });
    expect(job.line_items[0]!.quantity).to.equal(999_999.999);
  });

  it('needs the jobs write scope: read-only callers are refused and nothing is written', async () => {
    const input = {
      customer_id: f.customer,
      title: 'Scoped',
      schedule: { start: '2026-11-25T15:00:00Z', end: '2026-11-25T16:00:00Z' },
    };
    const before = await snapshot(f.business.id);
    const oauth = (scopes: string[]) =>
      tenantCaller(f.business.id, {
        clock,
        principal: {
          kind: 'oauth',
          businessId: f.business.id,
          userId: 'u',
          clientId: 'c',
          grantId: 'g',
          tokenId: 't',
          scopes,
        },
      });
    await expectAppError(
      tenantCaller(f.business.id, { clock, scopes: ['workspace:read'] }).workspace.jobs.createJob(input),
      'INSUFFICIENT_SCOPE',
    );
    await expectAppError(oauth(['mcp:read']).workspace.jobs.createJob(input), 'INSUFFICIENT_SCOPE');
    await expectAppError(
      oauth(['mcp:read', 'mcp:customers:write']).workspace.jobs.createJob(input),
      'INSUFFICIENT_SCOPE',
    );
    expect(await snapshot(f.business.id)).to.deep.equal(before);
    for (const scopes of [['mcp:jobs:write'], ['mcp:write']]) {
      expect((await oauth(scopes).workspace.jobs.createJob(input)).status).to.equal('scheduled');
    }
  });

  it('numbers jobs per business as max + 1, and concurrent creations get distinct consecutive numbers with one event each', async () => {
    const own = await fixture();
    const rival = await fixture();
    // An existing gap: numbering continues after the highest number, not after the count.
    await addJob(own.business, { number: 41, customerId: own.customer, createdAt: '2026-11-01T00:00:00Z' });
    const jobs = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        create(
          {
            customer_id: own.customer,
            title: `Parallel ${index}`,
            line_items: [{ price_book_item_id: own.filter, quantity: 1 }],
          },
          own.business.id,
        ),
      ),
    );
    expect(jobs.map((job) => job.number).sort((a, b) => a - b)).to.deep.equal([42, 43, 44, 45, 46, 47]);
    const events = await sql<{ aggregate_id: string; n: number }>(
      "select aggregate_id, count(*)::int as n from outbox_events where business_id = ? and event_type = 'job.created' group by aggregate_id",
      [own.business.id],
    );
    expect(events.map((row) => row.aggregate_id).sort()).to.deep.equal(jobs.map((job) => job.id).sort());
    expect(events.every((row) => row.n === 1)).to.equal(true);
    // Another business keeps its own sequence.
    expect((await create({ customer_id: rival.customer, title: 'First' }, rival.business.id)).number).to.equal(1);
  });
});
