import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createCaller } from '../../../core/routers/_app.ts';
import { webhookEventCatalogue } from '../../../core/services/webhooks/event-catalogue.ts';
import { sql } from '../../helpers/sql.ts';
import { serviceContext, type TestBusiness } from '../../helpers/workspace.ts';
import type { Clock } from '../../../core/clock.ts';
import { addCustomer, addEstimate, addOption } from '../estimates/fixtures.ts';

/** A customer, a draft estimate with two options and a draft invoice, in one test business. */
export interface BillingFixture {
  customerId: string;
  estimateId: string;
  optionIds: [string, string];
}

let numbers = 1000;

export async function draftEstimate(business: TestBusiness, customerId: string, options = 2): Promise<BillingFixture> {
  numbers += 1;
  const estimateId = await addEstimate(business, {
    number: numbers,
    customerId,
    status: 'draft',
    createdAt: new Date().toISOString(),
    issuedOn: null,
    validUntil: null,
  });
  const optionIds: string[] = [];
  for (let position = 1; position <= options; position += 1)
    optionIds.push(
      await addOption(business, estimateId, position, `Option ${position}`, [
        { name: 'Labour', quantity: position, unitPriceMinor: 10_000, taxable: true },
      ]),
    );
  return { customerId, estimateId, optionIds: optionIds as [string, string] };
}

export { addCustomer };

/** An invoice written as fixture SQL: `total_minor` with no tax, in the given status. */
export async function addInvoice(
  business: TestBusiness,
  customerId: string,
  fields: { status: 'draft' | 'open' | 'paid' | 'void'; totalMinor: number; dueOn?: string | null },
): Promise<string> {
  numbers += 1;
  const id = randomUUID();
  await sql(
    `insert into invoices (id, business_id, number, customer_id, status, issued_on, due_on, currency, subtotal_minor, tax_minor, total_minor)
     values (?, ?, ?, ?, ?, ?, ?, 'USD', ?, 0, ?)`,
    [
      id,
      business.id,
      numbers,
      customerId,
      fields.status,
      fields.status === 'draft' ? null : '2000-01-01',
      fields.dueOn ?? null,
      fields.totalMinor,
      fields.totalMinor,
    ],
  );
  return id;
}

export interface StoredEvent {
  id: string;
  event_type: string;
  aggregate_type: string;
  aggregate_id: string;
  payload: Record<string, unknown>;
  sequence: string;
  test: boolean;
}

/** The outbox events of one entity of a business, in commit order. */
export function eventsOf(businessId: string, aggregateId: string): Promise<StoredEvent[]> {
  return sql<StoredEvent>(
    `select id, event_type, aggregate_type, aggregate_id, payload, sequence, test from outbox_events
     where business_id = ? and aggregate_id = ? order by position`,
    [businessId, aggregateId],
  );
}

/** The outbox events of a business, by type. */
export async function countEvents(businessId: string, type?: string): Promise<number> {
  const [row] = await sql<{ n: number }>(
    `select count(*)::int as n from outbox_events where business_id = ? ${type ? 'and event_type = ?' : ''}`,
    type ? [businessId, type] : [businessId],
  );
  return row!.n;
}

/**
 * The stored event's data is valid against the schema the catalogue publishes for its type, keeps
 * nothing the schema does not declare (parsing strips unknown keys, so a stripped copy must be equal),
 * and names the entity type the catalogue names.
 */
export function expectPublishedShape(event: StoredEvent): void {
  const definition = webhookEventCatalogue.find((entry) => entry.type === event.event_type);
  expect(definition, `${event.event_type} is catalogued`).to.not.equal(undefined);
  const parsed = definition!.data.safeParse(event.payload);
  expect(parsed.success, `${event.event_type}: ${parsed.error?.message}`).to.equal(true);
  expect(parsed.data).to.deep.equal(event.payload);
  expect(event.aggregate_type).to.equal(definition!.entityType);
  expect(event.test).to.equal(false);
}

/** The system caller (scripts, the periodic checks), with "now" from `clock`. */
export function systemCaller(clock?: Clock) {
  return createCaller(serviceContext({ principal: { kind: 'system' }, clock }));
}

/**
 * Makes every outbox insert of one business fail while `work` runs (a trigger), to prove that a
 * write whose event cannot be recorded leaves nothing behind: one transaction.
 */
export async function withOutboxRefused(businessId: string, work: () => Promise<void>): Promise<void> {
  const name = `refuse_outbox_${randomUUID().replaceAll('-', '')}`;
  await sql(
    `create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'outbox refused'; end $$`,
  );
  await sql(
    `create trigger ${name} before insert on outbox_events for each row when (new.business_id = '${businessId}'::uuid) execute function ${name}()`,
  );
  try {
    await work();
  } finally {
    await sql(`drop trigger ${name} on outbox_events`);
    await sql(`drop function ${name}()`);
  }
}
