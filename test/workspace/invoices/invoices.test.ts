import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { sql } from '../../helpers/sql.ts';
import {
  createTestBusiness,
  expectAppError,
  fixedClock,
  tenantCaller,
  type TestBusiness,
} from '../../helpers/workspace.ts';

describe('workspace: invoices', () => {
  let business: TestBusiness;
  const ids: Record<string, string> = {};
  // 2026-11-21 03:00 UTC is still 2026-11-20 in Los Angeles: "today" is the 20th.
  const clock = fixedClock('2026-11-21T03:00:00Z');

  async function invoice(
    number: number,
    status: string,
    dueOn: string | null,
    total: number,
    createdAt: string,
    customer = ids.customer,
  ): Promise<string> {
    const id = randomUUID();
    await sql(
      `insert into invoices (id, business_id, number, customer_id, status, issued_on, due_on, currency, subtotal_minor, tax_minor, total_minor, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, 'USD', ?, 0, ?, ?, ?)`,
      [
        id,
        business.id,
        number,
        customer,
        status,
        dueOn ? '2026-10-01' : null,
        dueOn,
        total,
        total,
        createdAt,
        createdAt,
      ],
    );
    return id;
  }

  async function payment(invoiceId: string, amount: number, status = 'succeeded'): Promise<void> {
    await sql(
      "insert into payments (id, business_id, customer_id, invoice_id, amount_minor, currency, method, status, received_at) values (?, ?, ?, ?, ?, 'USD', 'card', ?, '2026-11-01T12:00:00Z')",
      [randomUUID(), business.id, ids.customer, invoiceId, amount, status],
    );
  }

  before(async () => {
    business = await createTestBusiness({ timeZone: 'America/Los_Angeles' });
    ids.customer = randomUUID();
    ids.other = randomUUID();
    await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [ids.customer, business.id, 'Payer']);
    await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [
      ids.other,
      business.id,
      'Other Payer',
    ]);
    ids.overdue = await invoice(1, 'open', '2026-11-10', 10_000, '2026-10-01T00:00:00Z'); // 10 days overdue, half paid
    ids.dueToday = await invoice(2, 'open', '2026-11-20', 5_000, '2026-10-02T00:00:00Z'); // due today: not overdue
    ids.paid = await invoice(3, 'paid', '2026-11-01', 3_000, '2026-10-03T00:00:00Z');
    ids.void = await invoice(4, 'void', '2026-11-01', 7_000, '2026-10-04T00:00:00Z');
    ids.draft = await invoice(5, 'draft', null, 1_000, '2026-10-05T00:00:00Z', ids.other);
    ids.settled = await invoice(6, 'open', '2026-11-05', 2_000, '2026-10-06T00:00:00Z'); // open but fully paid
    await payment(ids.overdue, 5_000);
    await payment(ids.overdue, 4_000, 'refunded');
    await payment(ids.paid, 3_000);
    await payment(ids.settled, 2_000);
    await sql(
      "insert into invoice_line_items (id, business_id, invoice_id, position, kind, name, quantity, unit_price_minor, taxable, amount_minor) values (?, ?, ?, 1, 'custom', 'Repair', 2, 5000, false, 10000)",
      [randomUUID(), business.id, ids.overdue],
    );
  });

  it('list-invoices: newest first, amounts paid (succeeded only), balances and overdue against local today', async () => {
    const caller = tenantCaller(business.id, { clock });
    const all = await caller.workspace.invoices.listInvoices({});
    expect(all.items.map((item) => item.number)).to.deep.equal([6, 5, 4, 3, 2, 1]);
    const byNumber = Object.fromEntries(all.items.map((item) => [item.number, item]));
    expect(byNumber[1]).to.deep.include({ amount_paid_minor: 5_000, balance_minor: 5_000, is_overdue: true });
    expect(byNumber[2]).to.deep.include({ is_overdue: false, balance_minor: 5_000 });
    expect(byNumber[4]).to.deep.include({ status: 'void', balance_minor: 0, is_overdue: false });
    expect(byNumber[6]).to.deep.include({ balance_minor: 0, is_overdue: false });
    expect(
      (await caller.workspace.invoices.listInvoices({ status: 'overdue' })).items.map((item) => item.number),
    ).to.deep.equal([1]);
    expect(
      (await caller.workspace.invoices.listInvoices({ status: 'void' })).items.map((item) => item.number),
    ).to.deep.equal([4]);
    expect(
      (await caller.workspace.invoices.listInvoices({ customer_id: ids.other! })).items.map((item) => item.number),
    ).to.deep.equal([5]);
    expect(
      (await caller.workspace.invoices.listInvoices({ due_before: '2026-11-10' })).items.map((item) => item.number),
    ).to.deep.equal([6, 4, 3]);
    const first = await caller.workspace.invoices.listInvoices({ limit: 4 });
    expect(
      (await caller.workspace.invoices.listInvoices({ limit: 4, cursor: first.next_cursor! })).items.map(
        (item) => item.number,
      ),
    ).to.deep.equal([2, 1]);
    await expectAppError(caller.workspace.invoices.listInvoices({ customer_id: randomUUID() }), 'RESOURCE_NOT_FOUND');
  });

  it('list-unpaid-invoices: open with a balance, earliest due first, with days overdue', async () => {
    const caller = tenantCaller(business.id, { clock });
    const unpaid = await caller.workspace.invoices.listUnpaidInvoices({});
    expect(unpaid.items.map((item) => [item.number, item.days_overdue])).to.deep.equal([
      [1, 10],
      [2, 0],
    ]);
    expect(
      (await caller.workspace.invoices.listUnpaidInvoices({ overdue_only: true })).items.map((item) => item.number),
    ).to.deep.equal([1]);
    const first = await caller.workspace.invoices.listUnpaidInvoices({ limit: 1 });
    expect(
      (await caller.workspace.invoices.listUnpaidInvoices({ limit: 1, cursor: first.next_cursor! })).items.map(
        (item) => item.number,
      ),
    ).to.deep.equal([2]);
  });

  it('get-invoice: lines, payments and balance; foreign ids are not found', async () => {
    const caller = tenantCaller(business.id, { clock });
    const one = await caller.workspace.invoices.getInvoice({ invoice_id: ids.overdue! });
    expect(
      one.line_items.map(({ name, quantity, unit_price_minor, amount_minor }) => ({
        name,
        quantity,
        unit_price_minor,
        amount_minor,
      })),
    ).to.deep.equal([{ name: 'Repair', quantity: 2, unit_price_minor: 5_000, amount_minor: 10_000 }]);
    // Both received at the same instant: ordered by id, so compare as a set.
    expect(one.payments.map((payment) => `${payment.amount_minor} ${payment.status}`)).to.have.members([
      '5000 succeeded',
      '4000 refunded',
    ]);
    expect(one.balance_minor).to.equal(5_000);
    const other = await createTestBusiness();
    await expectAppError(
      tenantCaller(other.id).workspace.invoices.getInvoice({ invoice_id: ids.overdue! }),
      'RESOURCE_NOT_FOUND',
    );
  });
});
