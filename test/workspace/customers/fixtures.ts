import { randomUUID } from 'node:crypto';
import { sql } from '../../helpers/sql.ts';
import type { TestBusiness } from '../../helpers/workspace.ts';

export interface CustomerFixture {
  name: string;
  companyName?: string;
  email?: string;
  phone?: string;
  line1?: string;
  city?: string;
  postalCode?: string;
  status?: 'active' | 'inactive' | 'archived';
  createdAt?: string;
}

export async function addCustomer(business: TestBusiness, fields: CustomerFixture): Promise<string> {
  const id = randomUUID();
  const createdAt = fields.createdAt ?? '2026-01-01T00:00:00Z';
  await sql(
    `insert into customers (id, business_id, name, company_name, email, phone, address_line1, city, postal_code, status, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      business.id,
      fields.name,
      fields.companyName ?? null,
      fields.email ?? null,
      fields.phone ?? null,
      fields.line1 ?? null,
      fields.city ?? null,
      fields.postalCode ?? null,
      fields.status ?? 'active',
      createdAt,
      createdAt,
    ],
  );
  return id;
}

export async function addTag(business: TestBusiness, name: string, customerIds: string[] = []): Promise<string> {
  const id = randomUUID();
  await sql('insert into tags (id, business_id, name) values (?, ?, ?)', [id, business.id, name]);
  for (const customerId of customerIds)
    await sql('insert into customer_tags (business_id, customer_id, tag_id) values (?, ?, ?)', [
      business.id,
      customerId,
      id,
    ]);
  return id;
}

export async function addContact(
  business: TestBusiness,
  customerId: string,
  name: string,
  fields: { role?: string; email?: string; phone?: string; isPrimary?: boolean } = {},
): Promise<string> {
  const id = randomUUID();
  await sql(
    'insert into customer_contacts (id, business_id, customer_id, name, role, email, phone, is_primary) values (?, ?, ?, ?, ?, ?, ?, ?)',
    [
      id,
      business.id,
      customerId,
      name,
      fields.role ?? null,
      fields.email ?? null,
      fields.phone ?? null,
      fields.isPrimary ?? false,
    ],
  );
  return id;
}

export async function addProperty(
  business: TestBusiness,
  customerId: string,
  line1: string,
  createdAt: string,
): Promise<string> {
  const id = randomUUID();
  await sql(
    "insert into properties (id, business_id, customer_id, name, address_line1, city, region, postal_code, created_at) values (?, ?, ?, null, ?, 'Austin', 'TX', '78701', ?)",
    [id, business.id, customerId, line1, createdAt],
  );
  return id;
}

let numbers = 1000;

export async function addJob(
  business: TestBusiness,
  customerId: string,
  fields: { title: string; status?: string; totalMinor?: number; createdAt: string },
): Promise<{ id: string; number: number }> {
  const id = randomUUID();
  const number = ++numbers;
  const total = fields.totalMinor ?? 0;
  await sql(
    'insert into jobs (id, business_id, number, customer_id, title, status, currency, subtotal_minor, total_minor, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [
      id,
      business.id,
      number,
      customerId,
      fields.title,
      fields.status ?? 'unscheduled',
      business.currency,
      total,
      total,
      fields.createdAt,
    ],
  );
  return { id, number };
}

export async function addVisit(
  business: TestBusiness,
  jobId: string,
  start: string,
  end: string,
  status = 'scheduled',
): Promise<string> {
  const id = randomUUID();
  await sql(
    'insert into visits (id, business_id, job_id, scheduled_start, scheduled_end, status) values (?, ?, ?, ?, ?, ?)',
    [id, business.id, jobId, start, end, status],
  );
  return id;
}

export async function addNote(
  business: TestBusiness,
  jobId: string,
  author: string,
  body: string,
  createdAt: string,
): Promise<string> {
  const id = randomUUID();
  await sql(
    'insert into job_notes (id, business_id, job_id, author_name, body, created_at) values (?, ?, ?, ?, ?, ?)',
    [id, business.id, jobId, author, body, createdAt],
  );
  return id;
}

export async function addEstimate(
  business: TestBusiness,
  customerId: string,
  fields: { title: string; status?: string; issuedOn?: string; createdAt: string },
): Promise<{ id: string; number: number }> {
  const id = randomUUID();
  const number = ++numbers;
  await sql(
    'insert into estimates (id, business_id, number, customer_id, title, status, currency, issued_on, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [
      id,
      business.id,
      number,
      customerId,
      fields.title,
      fields.status ?? 'draft',
      business.currency,
      fields.issuedOn ?? null,
      fields.createdAt,
    ],
  );
  return { id, number };
}

export async function addInvoice(
  business: TestBusiness,
  customerId: string,
  fields: {
    status: 'draft' | 'open' | 'paid' | 'void';
    totalMinor: number;
    issuedOn?: string;
    dueOn?: string;
    createdAt: string;
    jobId?: string;
  },
): Promise<{ id: string; number: number }> {
  const id = randomUUID();
  const number = ++numbers;
  await sql(
    `insert into invoices (id, business_id, number, customer_id, job_id, status, issued_on, due_on, currency, subtotal_minor, total_minor, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      business.id,
      number,
      customerId,
      fields.jobId ?? null,
      fields.status,
      fields.issuedOn ?? null,
      fields.dueOn ?? null,
      business.currency,
      fields.totalMinor,
      fields.totalMinor,
      fields.createdAt,
    ],
  );
  return { id, number };
}

export async function addPayment(
  business: TestBusiness,
  customerId: string,
  fields: {
    invoiceId?: string;
    amountMinor: number;
    status?: 'succeeded' | 'refunded';
    method?: string;
    receivedAt: string;
  },
): Promise<string> {
  const id = randomUUID();
  await sql(
    'insert into payments (id, business_id, customer_id, invoice_id, amount_minor, currency, method, status, received_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [
      id,
      business.id,
      customerId,
      fields.invoiceId ?? null,
      fields.amountMinor,
      business.currency,
      fields.method ?? 'card',
      fields.status ?? 'succeeded',
      fields.receivedAt,
    ],
  );
  return id;
}

/** A cursor that decodes but is not one of the list's (right base64url, wrong shape). */
export const forgedCursor = Buffer.from(JSON.stringify(['not', 'a', 'cursor'])).toString('base64url');
