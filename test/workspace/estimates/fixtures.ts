import { randomUUID } from 'node:crypto';
import { computeTotals, type PricedLine } from '../../../core/services/workspace/totals.ts';
import { sql } from '../../helpers/sql.ts';
import type { TestBusiness } from '../../helpers/workspace.ts';

/** The tax rate the fixtures price their options with (8.25 %). */
export const TAX_BASIS_POINTS = 825;

export async function addCustomer(business: TestBusiness, name: string): Promise<string> {
  const id = randomUUID();
  await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [id, business.id, name]);
  return id;
}

async function addProperty(business: TestBusiness, customerId: string, name: string | null): Promise<string> {
  const id = randomUUID();
  await sql(
    "insert into properties (id, business_id, customer_id, name, address_line1, city, postal_code) values (?, ?, ?, ?, '12 Elm St', 'Springfield', '62704')",
    [id, business.id, customerId, name],
  );
  return id;
}

async function addJob(business: TestBusiness, customerId: string, number: number, title: string): Promise<string> {
  const id = randomUUID();
  await sql(
    "insert into jobs (id, business_id, number, customer_id, title, status, currency) values (?, ?, ?, ?, ?, 'scheduled', 'USD')",
    [id, business.id, number, customerId, title],
  );
  return id;
}

export interface EstimateFields {
  number: number;
  customerId: string;
  status: 'draft' | 'sent' | 'approved' | 'declined' | 'expired';
  createdAt: string;
  title?: string;
  propertyId?: string | null;
  jobId?: string | null;
  issuedOn?: string | null;
  validUntil?: string | null;
  notes?: string | null;
}

export async function addEstimate(business: TestBusiness, fields: EstimateFields): Promise<string> {
  const id = randomUUID();
  await sql(
    `insert into estimates (id, business_id, number, customer_id, property_id, job_id, title, status, currency, issued_on, valid_until, notes, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, 'USD', ?, ?, ?, ?, ?)`,
    [
      id,
      business.id,
      fields.number,
      fields.customerId,
      fields.propertyId ?? null,
      fields.jobId ?? null,
      fields.title ?? `Estimate ${fields.number}`,
      fields.status,
      fields.issuedOn === undefined ? '2026-11-01' : fields.issuedOn,
      fields.validUntil === undefined ? '2026-12-01' : fields.validUntil,
      fields.notes ?? null,
      fields.createdAt,
      fields.createdAt,
    ],
  );
  return id;
}

/** A line as the fixtures write it: priced, plus the name it is stored under. */
export interface FixtureLine extends PricedLine {
  name: string;
}

/**
 * An option whose stored totals and line amounts come from computeTotals over its lines, as every
 * write does. Lines are stored in reverse so reading them back in position order is tested.
 */
export async function addOption(
  business: TestBusiness,
  estimateId: string,
  position: number,
  name: string,
  lines: FixtureLine[],
  description: string | null = null,
): Promise<string> {
  const id = randomUUID();
  const totals = computeTotals(lines, TAX_BASIS_POINTS);
  await sql(
    'insert into estimate_options (id, business_id, estimate_id, position, name, description, currency, subtotal_minor, tax_minor, total_minor) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [
      id,
      business.id,
      estimateId,
      position,
      name,
      description,
      'USD',
      totals.subtotalMinor,
      totals.taxMinor,
      totals.totalMinor,
    ],
  );
  for (const [index, line] of [...lines.entries()].reverse()) {
    await sql(
      "insert into estimate_line_items (id, business_id, estimate_option_id, position, kind, name, quantity, unit_price_minor, taxable, amount_minor) values (?, ?, ?, ?, 'custom', ?, ?, ?, ?, ?)",
      [
        randomUUID(),
        business.id,
        id,
        index + 1,
        line.name,
        line.quantity,
        line.unitPriceMinor,
        line.taxable,
        totals.lineAmountsMinor[index],
      ],
    );
  }
  return id;
}

async function approve(business: TestBusiness, estimateId: string, optionId: string): Promise<void> {
  await sql('update estimates set approved_option_id = ? where business_id = ? and id = ?', [
    optionId,
    business.id,
    estimateId,
  ]);
}

export function forgedCursor(key: unknown): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * One business's estimates, each priced by hand (tax 8.25 % on the taxable lines, rounded half up):
 *  #1 sent, 2026-11-01, property "Main house": Best 2.5 x 9.99 taxable = 24.975 -> 24.98, 0.333 x 10.00 taxable = 3.33,
 *     subtotal 28.31, tax 2.335575 -> 2.34, total 30.65 (position 3, the cheapest);
 *     Good 1 x 100.00 taxable, tax 8.25, total 108.25 (position 1);
 *     Better 1.5 x 150.00 untaxed = 225.00 and 2 x 10.05 taxable = 20.10, subtotal 245.10, tax 1.65825 -> 1.66, total 246.76 (position 2).
 *  #2 approved, 2026-11-02, job #501: Basic 50.00 untaxed; Premium 90.00 untaxed, approved.
 *  #3 draft, 2026-11-03, another customer, no options, no dates.
 *  #4 declined, 2026-11-03 (same instant as #3), another customer: two options of 50.00 (positions 2 and 1),
 *     and an approved_option_id naming #2's Basic, which is not one of its own options.
 *  #5 expired, 2026-11-03 + 0.5 ms; #6 sent, 2026-11-03 + 0.9 ms: one option each.
 */
export async function estimateFixtures(business: TestBusiness) {
  const customer = await addCustomer(business, 'Quote Seeker');
  const otherCustomer = await addCustomer(business, 'Someone Else');
  const property = await addProperty(business, customer, 'Main house');
  const job = await addJob(business, customer, 501, 'Furnace replacement');
  const e1 = await addEstimate(business, {
    number: 1,
    customerId: customer,
    status: 'sent',
    createdAt: '2026-11-01T00:00:00Z',
    title: 'Furnace options',
    propertyId: property,
    notes: 'Valid for 30 days',
  });
  const best = await addOption(business, e1, 3, 'Best', [
    { name: 'Filter', quantity: 2.5, unitPriceMinor: 999, taxable: true },
    { name: 'Sealant', quantity: 0.333, unitPriceMinor: 1_000, taxable: true },
  ]);
  const good = await addOption(
    business,
    e1,
    1,
    'Good',
    [{ name: 'Tune-up', quantity: 1, unitPriceMinor: 10_000, taxable: true }],
    'Basic tune-up',
  );
  const better = await addOption(business, e1, 2, 'Better', [
    { name: 'Labour', quantity: 1.5, unitPriceMinor: 15_000, taxable: false },
    { name: 'Parts', quantity: 2, unitPriceMinor: 1_005, taxable: true },
  ]);
  const e2 = await addEstimate(business, {
    number: 2,
    customerId: customer,
    status: 'approved',
    createdAt: '2026-11-02T00:00:00Z',
    jobId: job,
  });
  const basic = await addOption(business, e2, 1, 'Basic', [
    { name: 'Repair', quantity: 1, unitPriceMinor: 5_000, taxable: false },
  ]);
  const premium = await addOption(business, e2, 2, 'Premium', [
    { name: 'Replace', quantity: 1, unitPriceMinor: 9_000, taxable: false },
  ]);
  await approve(business, e2, premium);
  const e3 = await addEstimate(business, {
    number: 3,
    customerId: otherCustomer,
    status: 'draft',
    createdAt: '2026-11-03T00:00:00Z',
    issuedOn: null,
    validUntil: null,
  });
  const e4 = await addEstimate(business, {
    number: 4,
    customerId: otherCustomer,
    status: 'declined',
    createdAt: '2026-11-03T00:00:00Z',
  });
  const tieSecond = await addOption(business, e4, 2, 'Plan B', [
    { name: 'Work', quantity: 1, unitPriceMinor: 5_000, taxable: false },
  ]);
  const tieFirst = await addOption(business, e4, 1, 'Plan A', [
    { name: 'Work', quantity: 1, unitPriceMinor: 5_000, taxable: false },
  ]);
  await approve(business, e4, basic);
  const e5 = await addEstimate(business, {
    number: 5,
    customerId: customer,
    status: 'expired',
    createdAt: '2026-11-03T00:00:00.000500Z',
  });
  await addOption(business, e5, 1, 'Only', [{ name: 'Work', quantity: 1, unitPriceMinor: 100, taxable: true }]);
  const e6 = await addEstimate(business, {
    number: 6,
    customerId: customer,
    status: 'sent',
    createdAt: '2026-11-03T00:00:00.000900Z',
  });
  await addOption(business, e6, 1, 'Only', [{ name: 'Work', quantity: 3, unitPriceMinor: 333, taxable: true }]);
  // Newest first; #3 and #4 share created_at, so the larger id comes first.
  const sameInstant = [e3, e4].sort().reverse();
  return {
    customer,
    otherCustomer,
    property,
    job,
    e1,
    e2,
    e3,
    e4,
    e5,
    e6,
    best,
    good,
    better,
    basic,
    premium,
    tieFirst,
    tieSecond,
    order: [e6, e5, ...sameInstant, e2, e1],
  };
}
