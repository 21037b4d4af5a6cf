import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import {
  createTestBusiness,
  expectAppError,
  fixedClock,
  tenantCaller,
  type TestBusiness,
} from '../../helpers/workspace.ts';
import {
  addCustomer,
  addEstimate,
  addInvoice,
  addJob,
  addNote,
  addPayment,
  addVisit,
  forgedCursor,
} from './fixtures.ts';

describe('workspace: get-customer-activity', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  const ids: Record<string, string> = {};
  let expected: unknown[][];
  let old: unknown[];
  // Default window: since 2026-08-22T18:00:00Z (90 days before now).
  const clock = fixedClock('2026-11-20T18:00:00Z');
  const caller = () => tenantCaller(business.id, { clock });
  const entry = (item: Record<string, unknown>) => [
    item.type,
    item.id,
    item.occurred_at,
    item.summary,
    item.number,
    item.job_id,
    item.invoice_id,
    item.status,
    item.amount_minor,
  ];

  before(async () => {
    business = await createTestBusiness({ timeZone: 'America/Chicago', currency: 'USD' });
    other = await createTestBusiness({ currency: 'JPY' });
    ids.maria = await addCustomer(business, { name: 'Maria Garcia' });
    ids.neighbour = await addCustomer(business, { name: 'Neighbour' });
    const j0 = await addJob(business, ids.maria!, {
      title: 'Old job',
      status: 'completed',
      createdAt: '2026-05-01T09:00:00Z',
    });
    const j1 = await addJob(business, ids.maria!, {
      title: 'Fix AC',
      status: 'completed',
      totalMinor: 10_000,
      createdAt: '2026-11-01T09:00:00Z',
    });
    const n1 = await addNote(business, j1.id, 'Tess', 'Replaced capacitor', '2026-11-02T09:00:00Z');
    const v1 = await addVisit(business, j1.id, '2026-11-03T15:00:00Z', '2026-11-03T17:00:00Z', 'completed');
    const v2 = await addVisit(business, j1.id, '2026-12-01T15:00:00Z', '2026-12-01T16:00:00Z');
    // Issued 11-04: midnight in Chicago (CST, UTC-6) is 06:00Z.
    const e1 = await addEstimate(business, ids.maria!, {
      title: 'New furnace',
      status: 'sent',
      issuedOn: '2026-11-04',
      createdAt: '2026-11-03T20:00:00Z',
    });
    const e2 = await addEstimate(business, ids.maria!, { title: 'Duct cleaning', createdAt: '2026-11-05T10:00:00Z' });
    const i1 = await addInvoice(business, ids.maria!, {
      status: 'open',
      totalMinor: 10_000,
      issuedOn: '2026-11-06',
      jobId: j1.id,
      createdAt: '2026-11-01T10:00:00Z',
    });
    const p1 = await addPayment(business, ids.maria!, {
      invoiceId: i1.id,
      amountMinor: 4_000,
      receivedAt: '2026-11-15T12:00:00Z',
    });
    // A job and a payment at the same instant: job before payment (type order).
    const j2 = await addJob(business, ids.maria!, { title: 'Tune-up', createdAt: '2026-11-10T12:00:00Z' });
    const p2 = await addPayment(business, ids.maria!, {
      amountMinor: 500,
      method: 'cash',
      receivedAt: '2026-11-10T12:00:00Z',
    });
    // Another customer's activity and another business's: never in Maria's timeline.
    const nj = await addJob(business, ids.neighbour!, { title: 'Neighbour job', createdAt: '2026-11-11T12:00:00Z' });
    await addNote(business, nj.id, 'Tess', 'Not Maria', '2026-11-11T13:00:00Z');
    ids.foreign = await addCustomer(other, { name: 'Maria Garcia' });
    await addPayment(other, ids.foreign!, { amountMinor: 500, receivedAt: '2026-11-16T12:00:00Z' });

    expected = [
      [
        'visit',
        v2,
        '2026-12-01T15:00:00.000Z',
        `Visit for job #${j1.number} "Fix AC" (scheduled)`,
        j1.number,
        j1.id,
        null,
        'scheduled',
        null,
      ],
      [
        'payment',
        p1,
        '2026-11-15T12:00:00.000Z',
        'Payment of 40.00 USD by card (succeeded)',
        null,
        null,
        i1.id,
        'succeeded',
        4_000,
      ],
      [
        'job',
        j2.id,
        '2026-11-10T12:00:00.000Z',
        `Job #${j2.number} "Tune-up" created (unscheduled), total 0.00 USD`,
        j2.number,
        j2.id,
        null,
        'unscheduled',
        0,
      ],
      [
        'payment',
        p2,
        '2026-11-10T12:00:00.000Z',
        'Payment of 5.00 USD by cash (succeeded)',
        null,
        null,
        null,
        'succeeded',
        500,
      ],
      [
        'invoice',
        i1.id,
        '2026-11-06T06:00:00.000Z',
        `Invoice #${i1.number} (open), total 100.00 USD`,
        i1.number,
        j1.id,
        i1.id,
        'open',
        10_000,
      ],
      [
        'estimate',
        e2.id,
        '2026-11-05T10:00:00.000Z',
        `Estimate #${e2.number} "Duct cleaning" (draft)`,
        e2.number,
        null,
        null,
        'draft',
        null,
      ],
      [
        'estimate',
        e1.id,
        '2026-11-04T06:00:00.000Z',
        `Estimate #${e1.number} "New furnace" (sent)`,
        e1.number,
        null,
        null,
        'sent',
        null,
      ],
      [
        'visit',
        v1,
        '2026-11-03T15:00:00.000Z',
        `Visit for job #${j1.number} "Fix AC" (completed)`,
        j1.number,
        j1.id,
        null,
        'completed',
        null,
      ],
      [
        'note',
        n1,
        '2026-11-02T09:00:00.000Z',
        `Note by Tess on job #${j1.number}: Replaced capacitor`,
        j1.number,
        j1.id,
        null,
        null,
        null,
      ],
      [
        'job',
        j1.id,
        '2026-11-01T09:00:00.000Z',
        `Job #${j1.number} "Fix AC" created (completed), total 100.00 USD`,
        j1.number,
        j1.id,
        null,
        'completed',
        10_000,
      ],
    ];
    old = [
      'job',
      j0.id,
      '2026-05-01T09:00:00.000Z',
      `Job #${j0.number} "Old job" created (completed), total 0.00 USD`,
      j0.number,
      j0.id,
      null,
      'completed',
      0,
    ];
  });

  it('merges jobs, visits, estimates, invoices, payments and notes of the last 90 days, newest first', async () => {
    const page = await caller().workspace.customers.getCustomerActivity({ customer_id: ids.maria! });
    expect(page.currency).to.equal('USD');
    expect(page.next_cursor).to.equal(null);
    expect(page.items.map(entry)).to.deep.equal(expected);
  });

  it('starts at since (inclusive) when given', async () => {
    const recent = await caller().workspace.customers.getCustomerActivity({
      customer_id: ids.maria!,
      since: '2026-11-10T12:00:00Z',
    });
    expect(recent.items.map(entry)).to.deep.equal(expected.slice(0, 4));
    const all = await caller().workspace.customers.getCustomerActivity({
      customer_id: ids.maria!,
      since: '2026-01-01T00:00:00-06:00',
    });
    expect(all.items.map(entry)).to.deep.equal([...expected, old]);
    expect(
      (
        await caller().workspace.customers.getCustomerActivity({
          customer_id: ids.maria!,
          since: '0000-01-01T00:00:00Z',
        })
      ).items,
    ).to.have.length(11);
  });

  it('pages over (occurred_at desc, type, id) without duplicates or gaps', async () => {
    const seen: unknown[][] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await caller().workspace.customers.getCustomerActivity({
        customer_id: ids.maria!,
        limit: 3,
        cursor,
      });
      seen.push(...page.items.map(entry));
      cursor = page.next_cursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).to.equal(4);
    expect(seen).to.deep.equal(expected);
  });

  it("formats amounts in the business currency's minor unit", async () => {
    const page = await tenantCaller(other.id, { clock }).workspace.customers.getCustomerActivity({
      customer_id: ids.foreign!,
    });
    expect(page.currency).to.equal('JPY');
    expect(page.items.map((item) => item.summary)).to.deep.equal(['Payment of 500 JPY by card (succeeded)']);
  });

  it('answers a customer of another business like an unknown one, and refuses malformed input', async () => {
    await expectAppError(
      caller().workspace.customers.getCustomerActivity({ customer_id: ids.foreign! }),
      'RESOURCE_NOT_FOUND',
    );
    await expectAppError(
      caller().workspace.customers.getCustomerActivity({ customer_id: randomUUID() }),
      'RESOURCE_NOT_FOUND',
    );
    await expectAppError(
      caller().workspace.customers.getCustomerActivity({ customer_id: 'maria' }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      caller().workspace.customers.getCustomerActivity({ customer_id: ids.maria!, since: '2026-11-01' }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      caller().workspace.customers.getCustomerActivity({ customer_id: ids.maria!, cursor: forgedCursor }),
      'VALIDATION_FAILED',
    );
    const badType = Buffer.from(JSON.stringify(['2026-11-01T00:00:00.000000Z', 'review', randomUUID()])).toString(
      'base64url',
    );
    await expectAppError(
      caller().workspace.customers.getCustomerActivity({ customer_id: ids.maria!, cursor: badType }),
      'VALIDATION_FAILED',
    );
  });
});
