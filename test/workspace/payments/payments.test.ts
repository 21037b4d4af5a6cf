import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { sql } from '../../helpers/sql.ts';
import { createTestBusiness, expectAppError, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';

describe('workspace: payments', () => {
  let business: TestBusiness;
  const ids: Record<string, string> = {};

  async function payment(
    customer: string,
    invoice: string | null,
    amount: number,
    method: string,
    receivedAt: string,
  ): Promise<string> {
    const id = randomUUID();
    await sql(
      "insert into payments (id, business_id, customer_id, invoice_id, amount_minor, currency, method, received_at, reference) values (?, ?, ?, ?, ?, 'USD', ?, ?, 'REF')",
      [id, business.id, customer, invoice, amount, method, receivedAt],
    );
    return id;
  }

  before(async () => {
    // New York in November: UTC-5; local 2026-11-10 is 05:00Z .. 2026-11-11 05:00Z.
    business = await createTestBusiness({ timeZone: 'America/New_York' });
    ids.ann = randomUUID();
    ids.ben = randomUUID();
    await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [ids.ann, business.id, 'Ann']);
    await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [ids.ben, business.id, 'Ben']);
    ids.invoice = randomUUID();
    await sql(
      "insert into invoices (id, business_id, number, customer_id, status, currency, subtotal_minor, total_minor) values (?, ?, 7, ?, 'open', 'USD', 900, 900)",
      [ids.invoice, business.id, ids.ann],
    );
    ids.p1 = await payment(ids.ann, ids.invoice, 500, 'card', '2026-11-10T04:59:00Z'); // the 9th locally
    ids.p2 = await payment(ids.ann, ids.invoice, 400, 'cash', '2026-11-10T05:00:00Z'); // the 10th
    ids.p3 = await payment(ids.ben, null, 1_000, 'card', '2026-11-11T04:59:59Z'); // still the 10th
  });

  it('lists newest first with customer and invoice; filters by customer, invoice, method and local days; pages', async () => {
    const caller = tenantCaller(business.id);
    const all = await caller.workspace.payments.listPayments({});
    expect(all.items.map((payment) => payment.id)).to.deep.equal([ids.p3, ids.p2, ids.p1]);
    expect(all.items[1]).to.deep.include({
      amount_minor: 400,
      method: 'cash',
      customer: { id: ids.ann, name: 'Ann' },
      invoice: { id: ids.invoice, number: 7 },
    });
    expect(all.items[0]?.invoice).to.equal(null);
    expect(
      (await caller.workspace.payments.listPayments({ customer_id: ids.ben! })).items.map((payment) => payment.id),
    ).to.deep.equal([ids.p3]);
    expect(
      (await caller.workspace.payments.listPayments({ invoice_id: ids.invoice! })).items.map((payment) => payment.id),
    ).to.deep.equal([ids.p2, ids.p1]);
    expect(
      (await caller.workspace.payments.listPayments({ method: 'card' })).items.map((payment) => payment.id),
    ).to.deep.equal([ids.p3, ids.p1]);
    expect(
      (await caller.workspace.payments.listPayments({ date_from: '2026-11-10', date_to: '2026-11-10' })).items.map(
        (payment) => payment.id,
      ),
    ).to.deep.equal([ids.p3, ids.p2]);
    const first = await caller.workspace.payments.listPayments({ limit: 2 });
    expect(
      (await caller.workspace.payments.listPayments({ limit: 2, cursor: first.next_cursor! })).items.map(
        (payment) => payment.id,
      ),
    ).to.deep.equal([ids.p1]);
    await expectAppError(caller.workspace.payments.listPayments({ invoice_id: randomUUID() }), 'RESOURCE_NOT_FOUND');
  });

  it('get-payment answers one payment; foreign ids are not found', async () => {
    expect(await tenantCaller(business.id).workspace.payments.getPayment({ payment_id: ids.p1! })).to.deep.include({
      amount_minor: 500,
      reference: 'REF',
      received_at: '2026-11-10T04:59:00.000Z',
    });
    const other = await createTestBusiness();
    await expectAppError(
      tenantCaller(other.id).workspace.payments.getPayment({ payment_id: ids.p1! }),
      'RESOURCE_NOT_FOUND',
    );
  });
});
