import { randomUUID } from 'node:crypto';
import { sql } from '../../helpers/sql.ts';
import { createTestBusiness, type TestBusiness } from '../../helpers/workspace.ts';

export interface JobFields {
  number: number;
  customerId: string;
  title?: string;
  status?: 'unscheduled' | 'scheduled' | 'in_progress' | 'completed' | 'cancelled';
  priority?: 'low' | 'normal' | 'high' | 'urgent';
  jobTypeId?: string | null;
  propertyId?: string | null;
  taxRateId?: string | null;
  start?: string | null;
  end?: string | null;
  completedAt?: string | null;
  createdAt: string;
  description?: string | null;
  totals?: [subtotal: number, tax: number];
  assignees?: string[];
}

export async function addJob(business: TestBusiness, fields: JobFields): Promise<string> {
  const id = randomUUID();
  const [subtotal, tax] = fields.totals ?? [0, 0];
  await sql(
    `insert into jobs (id, business_id, number, customer_id, property_id, job_type_id, title, description, status, priority, scheduled_start, scheduled_end,
       completed_at, tax_rate_id, currency, subtotal_minor, tax_minor, total_minor, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      business.id,
      fields.number,
      fields.customerId,
      fields.propertyId ?? null,
      fields.jobTypeId ?? null,
      fields.title ?? `Job ${fields.number}`,
      fields.description ?? null,
      fields.status ?? 'unscheduled',
      fields.priority ?? 'normal',
      fields.start ?? null,
      fields.end ?? null,
      fields.completedAt ?? null,
      fields.taxRateId ?? null,
      business.currency,
      subtotal,
      tax,
      subtotal + tax,
      fields.createdAt,
      fields.createdAt,
    ],
  );
  for (const memberId of fields.assignees ?? []) {
    await sql('insert into job_assignments (business_id, job_id, team_member_id) values (?, ?, ?)', [
      business.id,
      id,
      memberId,
    ]);
  }
  return id;
}

export async function addCustomer(business: TestBusiness, name: string): Promise<string> {
  const id = randomUUID();
  await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [id, business.id, name]);
  return id;
}

export async function addJobType(
  business: TestBusiness,
  name: string,
  minutes = 60,
  extra: { description?: string; color?: string } = {},
): Promise<string> {
  const id = randomUUID();
  await sql(
    'insert into job_types (id, business_id, name, default_duration_minutes, description, color) values (?, ?, ?, ?, ?, ?)',
    [id, business.id, name, minutes, extra.description ?? null, extra.color ?? null],
  );
  return id;
}

export async function addMember(business: TestBusiness, name: string, active = true): Promise<string> {
  const id = randomUUID();
  await sql("insert into team_members (id, business_id, name, role, active) values (?, ?, ?, 'technician', ?)", [
    id,
    business.id,
    name,
    active,
  ]);
  return id;
}

/**
 * The world the read tests share: one business with five jobs around one customer's property, and a
 * twin business with the same kind of data whose rows must never appear in the first's answers.
 */
export interface ReadWorld {
  business: TestBusiness;
  twin: TestBusiness;
  ann: string;
  ben: string;
  home: string;
  repair: string;
  tuneUp: string;
  install: string;
  tess: string;
  omar: string;
  texas: string;
  jobs: { j1: string; j2: string; j3: string; j4: string; j5: string };
  twinIds: { customer: string; jobType: string; member: string; job: string };
}

export async function buildReadWorld(): Promise<ReadWorld> {
  const business = await createTestBusiness();
  const ann = await addCustomer(business, 'Ann Archer');
  const ben = await addCustomer(business, 'Ben Brook');
  const home = randomUUID();
  await sql(
    "insert into properties (id, business_id, customer_id, name, address_line1, address_line2, city, region, postal_code) values (?, ?, ?, 'Home', '1 Oak St', 'Apt 2', 'Austin', 'TX', '78701')",
    [home, business.id, ann],
  );
  const install = await addJobType(business, 'Install', 240, { description: 'New equipment' });
  const repair = await addJobType(business, 'Repair', 120);
  const tuneUp = await addJobType(business, 'Tune-up', 60, { color: '#00ff00' });
  const tess = await addMember(business, 'Tess');
  const omar = await addMember(business, 'Omar');
  const texas = randomUUID();
  await sql(
    "insert into tax_rates (id, business_id, name, rate_basis_points, is_default) values (?, ?, 'Texas', 825, true)",
    [texas, business.id],
  );

  // j1's stored totals, by hand: 8900 + 2 x 1250 + 1.5 x 12000 = 8900 + 2500 + 18000 = 29400;
  // taxable 8900 + 2500 = 11400; 8.25 % of it = 940.5 -> 941; total 30341.
  const j1 = await addJob(business, {
    number: 1,
    customerId: ann,
    propertyId: home,
    jobTypeId: repair,
    taxRateId: texas,
    status: 'completed',
    priority: 'high',
    title: 'Fix AC',
    description: 'Unit blows warm air',
    start: '2026-11-03T15:00:00Z',
    end: '2026-11-03T17:00:00Z',
    completedAt: '2026-11-05T16:30:00Z',
    createdAt: '2026-11-01T00:00:00Z',
    totals: [29_400, 941],
    assignees: [tess],
  });
  const j2 = await addJob(business, {
    number: 2,
    customerId: ann,
    jobTypeId: tuneUp,
    status: 'scheduled',
    start: '2026-11-20T15:00:00Z',
    end: '2026-11-20T16:00:00Z',
    createdAt: '2026-11-02T00:00:00Z',
    totals: [1000, 83],
    assignees: [tess, omar],
  });
  // j3 and j4 share created_at: id decides their order.
  const j3 = await addJob(business, { number: 3, customerId: ben, createdAt: '2026-11-03T00:00:00Z' });
  const j4 = await addJob(business, {
    number: 4,
    customerId: ben,
    jobTypeId: repair,
    status: 'scheduled',
    start: '2026-11-10T00:00:00Z',
    end: '2026-11-10T02:00:00Z',
    createdAt: '2026-11-03T00:00:00Z',
    assignees: [omar],
  });
  // One microsecond apart from a millisecond boundary: keyset cursors must keep microseconds.
  const j5 = await addJob(business, {
    number: 5,
    customerId: ann,
    jobTypeId: install,
    status: 'cancelled',
    priority: 'urgent',
    start: '2026-11-09T23:59:59.999999Z',
    end: '2026-11-10T03:00:00Z',
    createdAt: '2026-11-04T00:00:00.000001Z',
  });

  for (const [position, kind, name, quantity, unit, taxable] of [
    [3, 'custom', 'Labour', 1.5, 12_000, false],
    [1, 'service', 'Diagnostic', 1, 8_900, true],
    [2, 'material', 'Capacitor', 2, 1_250, true],
  ] as const) {
    await sql(
      'insert into job_line_items (id, business_id, job_id, position, kind, name, quantity, unit_price_minor, taxable, amount_minor) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [randomUUID(), business.id, j1, position, kind, name, quantity, unit, taxable, Math.round(quantity * unit)],
    );
  }
  await sql(
    "insert into visits (id, business_id, job_id, scheduled_start, scheduled_end, status) values (?, ?, ?, '2026-11-05T15:00:00Z', '2026-11-05T17:00:00Z', 'completed')",
    [randomUUID(), business.id, j1],
  );
  await sql(
    "insert into visits (id, business_id, job_id, scheduled_start, scheduled_end, status) values (?, ?, ?, '2026-11-03T15:00:00Z', '2026-11-03T17:00:00Z', 'completed')",
    [randomUUID(), business.id, j1],
  );
  for (const [author, body, at, member] of [
    ['Office', 'Called ahead', '2026-11-02T11:00:00Z', null],
    ['Tess', 'Gate code 1234', '2026-11-02T10:00:00Z', tess],
    ['Tess', 'Capacitor swollen', '2026-11-03T16:00:00Z', tess],
  ] as const) {
    await sql(
      'insert into job_notes (id, business_id, job_id, team_member_id, author_name, body, created_at) values (?, ?, ?, ?, ?, ?, ?)',
      [randomUUID(), business.id, j1, member, author, body, at],
    );
  }
  for (const [name, type, size, by, at] of [
    ['after.jpg', 'image/jpeg', 234_567, 'Tess', '2026-11-03T16:30:00Z'],
    ['before.jpg', 'image/jpeg', 123_456, 'Tess', '2026-11-03T15:10:00Z'],
    ['signed.pdf', 'application/pdf', 5_000_000_000, null, '2026-11-05T17:00:00Z'],
  ] as const) {
    await sql(
      "insert into job_attachments (id, business_id, job_id, file_name, content_type, size_bytes, storage_key, uploaded_by, created_at) values (?, ?, ?, ?, ?, ?, 'secret/key', ?, ?)",
      [randomUUID(), business.id, j1, name, type, size, by, at],
    );
  }

  // The twin: look-alike rows, created at the same instants, that must never leak.
  const twin = await createTestBusiness();
  const twinCustomer = await addCustomer(twin, 'Ann Archer');
  const twinType = await addJobType(twin, 'Repair', 120);
  const twinMember = await addMember(twin, 'Tess');
  const twinJob = await addJob(twin, {
    number: 1,
    customerId: twinCustomer,
    jobTypeId: twinType,
    status: 'scheduled',
    start: '2026-11-20T15:00:00Z',
    end: '2026-11-20T16:00:00Z',
    createdAt: '2026-11-02T00:00:00Z',
    assignees: [twinMember],
    totals: [500, 0],
  });
  await sql(
    "insert into job_line_items (id, business_id, job_id, position, kind, name, quantity, unit_price_minor, taxable, amount_minor) values (?, ?, ?, 1, 'custom', 'Twin line', 1, 500, true, 500)",
    [randomUUID(), twin.id, twinJob],
  );
  await sql(
    "insert into job_notes (id, business_id, job_id, author_name, body, created_at) values (?, ?, ?, 'Twin', 'Twin note', '2026-11-02T10:30:00Z')",
    [randomUUID(), twin.id, twinJob],
  );
  await sql(
    "insert into job_attachments (id, business_id, job_id, file_name, content_type, size_bytes, storage_key) values (?, ?, ?, 'twin.jpg', 'image/jpeg', 1, 'k')",
    [randomUUID(), twin.id, twinJob],
  );
  await sql(
    "insert into visits (id, business_id, job_id, scheduled_start, scheduled_end) values (?, ?, ?, '2026-11-20T15:00:00Z', '2026-11-20T16:00:00Z')",
    [randomUUID(), twin.id, twinJob],
  );

  return {
    business,
    twin,
    ann,
    ben,
    home,
    repair,
    tuneUp,
    install,
    tess,
    omar,
    texas,
    jobs: { j1, j2, j3, j4, j5 },
    twinIds: { customer: twinCustomer, jobType: twinType, member: twinMember, job: twinJob },
  };
}

/** Cursors no list of this area accepts: not base64 JSON, a key of the wrong shape, a position beyond int4. */
export const forgedCursors = [
  'not-a-cursor',
  Buffer.from(JSON.stringify(['x'])).toString('base64url'),
  Buffer.from(JSON.stringify([1e12, randomUUID()])).toString('base64url'),
];

/** A cursor of the instant-keyed lists whose instant PostgreSQL would refuse: a validation error, never a 500. */
export const impossibleInstantCursor = Buffer.from(
  JSON.stringify(['0000-01-01T00:00:00.000000Z', randomUUID()]),
).toString('base64url');
