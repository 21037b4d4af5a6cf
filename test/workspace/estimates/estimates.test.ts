import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { computeTotals, type PricedLine } from '../../../core/services/workspace/totals.ts';
import { createTestBusiness, expectAppError, fixtureEm, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';

async function sql(text: string, params: unknown[]): Promise<void> {
  await fixtureEm().getConnection().execute(text, params);
}

const TAX = 825;

describe('workspace: estimates', () => {
  let business: TestBusiness;
  const ids: Record<string, string> = {};

  async function estimate(number: number, status: string, createdAt: string, customer = ids.customer!): Promise<string> {
    const id = randomUUID();
    await sql(
      `insert into estimates (id, business_id, number, customer_id, title, status, currency, issued_on, valid_until, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, 'USD', '2026-11-01', '2026-12-01', ?, ?)`,
      [id, business.id, number, customer, `Estimate ${number}`, status, createdAt, createdAt],
    );
    return id;
  }

  /** An option whose stored totals come from computeTotals over its lines, as every write does. */
  async function option(estimateId: string, position: number, name: string, lines: PricedLine[]): Promise<string> {
    const id = randomUUID();
    const totals = computeTotals(lines, TAX);
    await sql('insert into estimate_options (id, business_id, estimate_id, position, name, currency, subtotal_minor, tax_minor, total_minor) values (?, ?, ?, ?, ?, ?, ?, ?, ?)', [
      id, business.id, estimateId, position, name, 'USD', totals.subtotalMinor, totals.taxMinor, totals.totalMinor,
    ]);
    for (const [index, line] of lines.entries()) {
      await sql("insert into estimate_line_items (id, business_id, estimate_option_id, position, kind, name, quantity, unit_price_minor, taxable, amount_minor) values (?, ?, ?, ?, 'custom', ?, ?, ?, ?, ?)", [
        randomUUID(), business.id, id, index + 1, `Line ${index + 1}`, line.quantity, line.unitPriceMinor, line.taxable, totals.lineAmountsMinor[index],
      ]);
    }
    return id;
  }

  before(async () => {
    business = await createTestBusiness();
    ids.customer = randomUUID();
    ids.other = randomUUID();
    await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [ids.customer, business.id, 'Quote Seeker']);
    await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [ids.other, business.id, 'Someone Else']);
    ids.e1 = await estimate(1, 'sent', '2026-11-01T00:00:00Z');
    // Good: 1 x 100.00 taxable -> 100.00 + 8.25 = 108.25; Better: 1.5 x 150.00 untaxed + 2 x 10.05 taxed -> 225.00 + 20.10, tax 1.66 -> 246.76.
    ids.good = await option(ids.e1, 1, 'Good', [{ quantity: 1, unitPriceMinor: 10_000, taxable: true }]);
    ids.better = await option(ids.e1, 2, 'Better', [{ quantity: 1.5, unitPriceMinor: 15_000, taxable: false }, { quantity: 2, unitPriceMinor: 1_005, taxable: true }]);
    ids.e2 = await estimate(2, 'approved', '2026-11-02T00:00:00Z');
    ids.cheap = await option(ids.e2, 1, 'Basic', [{ quantity: 1, unitPriceMinor: 5_000, taxable: false }]);
    ids.chosen = await option(ids.e2, 2, 'Premium', [{ quantity: 1, unitPriceMinor: 9_000, taxable: false }]);
    await sql('update estimates set approved_option_id = ? where id = ?', [ids.chosen, ids.e2]);
    ids.e3 = await estimate(3, 'draft', '2026-11-03T00:00:00Z', ids.other);
  });

  it('list-estimates: newest first, headline totals of the approved or else the cheapest option, filters, pages', async () => {
    const caller = tenantCaller(business.id);
    const all = await caller.workspace.estimates.listEstimates({});
    expect(all.items.map((item) => item.number)).to.deep.equal([3, 2, 1]);
    const [e3, e2, e1] = all.items;
    expect(e1).to.deep.include({ option_count: 2, headline_option: 'lowest', headline_totals: { subtotal_minor: 10_000, tax_minor: 825, total_minor: 10_825 } });
    expect(e2).to.deep.include({ headline_option: 'approved', headline_totals: { subtotal_minor: 9_000, tax_minor: 0, total_minor: 9_000 } });
    expect(e3).to.deep.include({ option_count: 0, headline_option: null, headline_totals: null });
    expect((await caller.workspace.estimates.listEstimates({ status: 'approved' })).items.map((item) => item.number)).to.deep.equal([2]);
    expect((await caller.workspace.estimates.listEstimates({ customer_id: ids.other! })).items.map((item) => item.number)).to.deep.equal([3]);
    const first = await caller.workspace.estimates.listEstimates({ limit: 2 });
    expect((await caller.workspace.estimates.listEstimates({ limit: 2, cursor: first.next_cursor! })).items.map((item) => item.number)).to.deep.equal([1]);
  });

  it('get-estimate: options in order with lines and stored totals equal to computeTotals over the lines', async () => {
    const one = await tenantCaller(business.id).workspace.estimates.getEstimate({ estimate_id: ids.e1! });
    expect(one.options.map((entry) => [entry.name, entry.subtotal_minor, entry.tax_minor, entry.total_minor])).to.deep.equal([
      ['Good', 10_000, 825, 10_825],
      ['Better', 24_510, 166, 24_676],
    ]);
    for (const entry of one.options) {
      const recomputed = computeTotals(entry.line_items.map((line) => ({ quantity: line.quantity, unitPriceMinor: line.unit_price_minor, taxable: line.taxable })), TAX);
      expect(entry.line_items.map((line) => line.amount_minor)).to.deep.equal(recomputed.lineAmountsMinor);
      expect([entry.subtotal_minor, entry.tax_minor, entry.total_minor]).to.deep.equal([recomputed.subtotalMinor, recomputed.taxMinor, recomputed.totalMinor]);
    }
    const approved = await tenantCaller(business.id).workspace.estimates.getEstimate({ estimate_id: ids.e2! });
    expect(approved.approved_option_id).to.equal(ids.chosen);
    expect(approved.options.map((entry) => entry.approved)).to.deep.equal([false, true]);
    const other = await createTestBusiness();
    await expectAppError(tenantCaller(other.id).workspace.estimates.getEstimate({ estimate_id: ids.e1! }), 'RESOURCE_NOT_FOUND');
  });
});
